// /activation and /activation/{key}: 'Create Password Member', driven by activationMachine.
import { useParams } from 'react-router-dom';
import { Result } from 'antd';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MEMBER_FLOW_PATHS, MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { passwordDigest } from '../../../engine/api/passwordDigest';
import { activationMachine } from '../../../workflows/activationMachine';
import type { MemberPasswordCall } from '../../../workflows/newPasswordForm';
import { NewPasswordForm } from './NewPasswordForm';
import { PublicLayout, Waiting } from './PublicLayout';
import { publicCall } from './publicApi';

const actors = {
  retrieveKey: fromPromise(async ({ input }: { input: { key: string } }) => publicCall(MEMBER_FLOW_PATHS.retrieveKey, input)),
  activate: fromPromise(async ({ input }: { input: { key: string } }) => publicCall(MEMBER_FLOW_PATHS.activation, input)),
  changePassword: fromPromise(async ({ input }: { input: MemberPasswordCall }) =>
    publicCall(MEMBER_FLOW_PATHS.memberChangePassword, { ...input, newpassword: passwordDigest(input.newpassword) }),
  ),
};

export default function ActivationPage() {
  const { id } = useParams();
  const [state, send] = useMachine(activationMachine.provide({ actors }), { input: { key: id } });
  const { context } = state;
  return (
    <PublicLayout title={MEMBER_FLOW_TEXTS.activationTitle}>
      {state.matches('noKey') && <Result status="info" title={MEMBER_FLOW_TEXTS.activationNoKey} />}
      {(state.matches('checking') || state.matches('activating')) && <Waiting text={MEMBER_FLOW_TEXTS.activationWaiting} />}
      {state.matches('form') && (
        <NewPasswordForm
          errors={context.fieldErrors}
          message={context.message}
          busy={state.matches({ form: 'submitting' })}
          onSubmit={(newpassword, confirmation) => send({ type: 'SUBMIT_PASSWORD', newpassword, confirmation })}
        />
      )}
      {state.matches('done') && <Result status="success" title={context.message} />}
      {state.matches('failed') && <Result status="error" title={context.message} />}
    </PublicLayout>
  );
}
