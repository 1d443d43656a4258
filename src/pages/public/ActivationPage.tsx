// /activation and /activation/{key}: 'Create Password Member', driven by activationMachine.
import { useParams } from 'react-router-dom';
import { Result } from 'antd';
import { useMachine } from '@xstate/react';
import { MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { activationMachine } from '../../../workflows/activationMachine';
import { NewPasswordPage } from './NewPasswordPage';
import { activationCalls } from './passwordCalls';

export default function ActivationPage() {
  const { id } = useParams();
  const [state, send] = useMachine(activationMachine.provide({ actors: activationCalls }), { input: { key: id } });
  return (
    <NewPasswordPage title={MEMBER_FLOW_TEXTS.activationTitle} flow={state} send={send} waiting={MEMBER_FLOW_TEXTS.activationWaiting}>
      {state.matches('noKey') && <Result status="info" title={MEMBER_FLOW_TEXTS.activationNoKey} />}
    </NewPasswordPage>
  );
}
