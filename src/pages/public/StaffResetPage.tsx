// /reset-password/{key}: the staff 'Reset Password' link, driven by staffResetMachine; its final state goes to /.
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Typography } from 'antd';
import { useMachine } from '@xstate/react';
import { MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { staffResetMachine } from '../../../workflows/staffResetMachine';
import { NewPasswordPage } from './NewPasswordPage';
import { staffResetCalls } from './passwordCalls';

export default function StaffResetPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [state, send] = useMachine(staffResetMachine.provide({ actors: staffResetCalls }), { input: { key: id } });
  const { username } = state.context;
  const redirect = state.matches('redirect');

  useEffect(() => {
    if (redirect) navigate('/', { replace: true });
  }, [redirect, navigate]);

  return (
    <NewPasswordPage
      title={MEMBER_FLOW_TEXTS.staffResetTitle}
      flow={state}
      send={send}
      waiting={MEMBER_FLOW_TEXTS.validationWaiting}
      header={
        username && (
          <Typography.Paragraph type="secondary" className="public-title">
            Username: <Typography.Text strong>{username}</Typography.Text>
          </Typography.Paragraph>
        )
      }
      doneDetail={MEMBER_FLOW_TEXTS.staffResetRedirect}
    />
  );
}
