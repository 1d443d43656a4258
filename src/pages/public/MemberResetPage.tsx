// /reset-password-member[/{key}] and /announcement/reset-password-member/{token}: 'Reset Password Member', driven
// by memberResetMachine. The announcement's fixed token only leads here: it shows the request form, with the
// login page's captcha.
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Result } from 'antd';
import { useMachine } from '@xstate/react';
import { MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { memberResetMachine } from '../../../workflows/memberResetMachine';
import type { CaptchaHandle } from '../../components/AltchaCaptcha';
import { MemberResetRequest } from './MemberResetRequest';
import { NewPasswordPage } from './NewPasswordPage';
import { memberResetCalls } from './passwordCalls';

/** The request form shows on the announcement route whatever its token; only /reset-password-member/{key} carries a key. */
export default function MemberResetPage({ withKey = true }: { withKey?: boolean }) {
  const { id } = useParams();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [state, send] = useMachine(memberResetMachine.provide({ actors: memberResetCalls, actions: { resetCaptcha: () => captchaRef.current?.reset() } }), {
    input: { key: withKey ? id : undefined },
  });
  const { context } = state;
  return (
    <NewPasswordPage title={MEMBER_FLOW_TEXTS.memberResetTitle} flow={state} send={send} waiting={MEMBER_FLOW_TEXTS.validationWaiting}>
      {state.matches('request') && (
        <MemberResetRequest
          message={context.message}
          usernameErrors={context.fieldErrors.username}
          busy={state.matches({ request: 'submitting' })}
          captchaPassed={!!context.captcha}
          captchaRef={captchaRef}
          send={send}
        />
      )}
      {state.matches('requested') && <Result status="success" title={context.message} />}
    </NewPasswordPage>
  );
}
