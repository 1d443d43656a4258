// /reset-password/{key}: the staff 'Reset Password' link, driven by staffResetMachine; its final state goes to /.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Result, Typography } from 'antd';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MEMBER_FLOW_PATHS, MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { passwordDigest } from '../../../engine/api/passwordDigest';
import { staffResetMachine, type StaffResetCall } from '../../../workflows/staffResetMachine';
import { NewPasswordForm } from './NewPasswordForm';
import { PublicLayout, Waiting } from './PublicLayout';
import { publicCall } from './publicApi';

const actors = {
  validateKey: fromPromise(async ({ input }: { input: { key: string } }) => publicCall(MEMBER_FLOW_PATHS.staffResetValidation, input)),
  resetPassword: fromPromise(async ({ input }: { input: StaffResetCall }) =>
    publicCall(MEMBER_FLOW_PATHS.staffResetPassword, { key: input.key, newpassword: passwordDigest(input.newpassword) }),
  ),
};

export default function StaffResetPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [state, send] = useMachine(staffResetMachine.provide({ actors }), { input: { key: id } });
  const { context } = state;
  const redirect = state.matches('redirect');

  useEffect(() => {
    if (redirect) navigate('/', { replace: true });
  }, [redirect, navigate]);

  return (
    <PublicLayout title={MEMBER_FLOW_TEXTS.staffResetTitle}>
      {state.matches('validating') && <Waiting text={MEMBER_FLOW_TEXTS.validationWaiting} />}
      {state.matches('form') && context.username && (
        <Typography.Paragraph type="secondary" className="public-title">
          Username: <Typography.Text strong>{context.username}</Typography.Text>
        </Typography.Paragraph>
      )}
      {state.matches('form') && (
        <NewPasswordForm
          errors={context.fieldErrors}
          message={context.message}
          busy={state.matches({ form: 'submitting' })}
          onSubmit={(newpassword, confirmation) => send({ type: 'SUBMIT_PASSWORD', newpassword, confirmation })}
        />
      )}
      {(state.matches('done') || redirect) && <Result status="success" title={context.message} subTitle={MEMBER_FLOW_TEXTS.staffResetRedirect} />}
      {state.matches('failed') && <Result status="error" title={context.message} />}
    </PublicLayout>
  );
}
