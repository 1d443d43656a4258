// /activation and /activation/{key}: 'Create Password Member', driven by activationMachine.
import { useParams } from 'react-router-dom';
import { Result } from 'antd';
import { useMachine } from '@xstate/react';
import { MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { activationMachine } from '../../../workflows/activationMachine';
import { NewPasswordPage } from './NewPasswordPage';
import { activationCalls } from './passwordCalls';
import { passwordFlowView } from './passwordFlowView';

export default function ActivationPage() {
  const { id } = useParams();
  const [state, send] = useMachine(activationMachine.provide({ actors: activationCalls }), { input: { key: id } });
  const checking = state.matches('checking') || state.matches('activating');
  return (
    <NewPasswordPage
      title={MEMBER_FLOW_TEXTS.activationTitle}
      view={passwordFlowView(state)}
      send={send}
      waiting={checking ? MEMBER_FLOW_TEXTS.activationWaiting : undefined}
    >
      {state.matches('noKey') && <Result status="info" title={MEMBER_FLOW_TEXTS.activationNoKey} />}
    </NewPasswordPage>
  );
}
