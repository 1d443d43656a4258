// /reset-password-member[/{key}] and /announcement/reset-password-member/{token}: 'Reset Password Member', driven
// by memberResetMachine. The announcement's fixed token only leads here: it shows the request form, with the
// login page's captcha.
import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Form, Input, Result } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MEMBER_FLOW_PATHS, MEMBER_FLOW_TEXTS } from '../../../domain/memberFlows';
import { passwordDigest } from '../../../engine/api/passwordDigest';
import { memberResetMachine } from '../../../workflows/memberResetMachine';
import { AltchaCaptcha, type CaptchaHandle } from '../../components/AltchaCaptcha';
import type { MemberPasswordCall } from '../../../workflows/newPasswordForm';
import { NewPasswordForm } from './NewPasswordForm';
import { PublicLayout, Waiting } from './PublicLayout';
import { publicCall } from './publicApi';

const actors = {
  requestReset: fromPromise(async ({ input }: { input: { username: string; recaptcha: string } }) => publicCall(MEMBER_FLOW_PATHS.memberResetRequest, input)),
  validateKey: fromPromise(async ({ input }: { input: { key: string } }) => publicCall(MEMBER_FLOW_PATHS.memberResetValidation, input)),
  changePassword: fromPromise(async ({ input }: { input: MemberPasswordCall }) =>
    publicCall(MEMBER_FLOW_PATHS.memberChangePassword, { ...input, newpassword: passwordDigest(input.newpassword) }),
  ),
};

/** The request form shows on the announcement route whatever its token; only /reset-password-member/{key} carries a key. */
export default function MemberResetPage({ withKey = true }: { withKey?: boolean }) {
  const { id } = useParams();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [state, send] = useMachine(memberResetMachine.provide({ actors, actions: { resetCaptcha: () => captchaRef.current?.reset() } }), {
    input: { key: withKey ? id : undefined },
  });
  const { context } = state;
  const usernameError = context.fieldErrors.username;
  return (
    <PublicLayout title={MEMBER_FLOW_TEXTS.memberResetTitle}>
      {state.matches('request') && (
        <>
          {context.message && <Alert type="error" showIcon title={context.message} style={{ marginBottom: 16 }} />}
          <Form
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={(values: { username?: string }) => send({ type: 'SUBMIT_REQUEST', username: values.username ?? '' })}
          >
            <Form.Item
              name="username"
              label="Card Number or Email"
              {...(usernameError ? { validateStatus: 'error' as const, help: usernameError.join(' ') } : {})}
            >
              <Input prefix={<UserOutlined />} placeholder="Card Number or Email" autoComplete="username" />
            </Form.Item>
            <Form.Item>
              <AltchaCaptcha ref={captchaRef} onChange={(payload) => send(payload ? { type: 'CAPTCHA_VERIFIED', payload } : { type: 'CAPTCHA_RESET' })} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={state.matches({ request: 'submitting' })} disabled={!context.captcha && !state.matches({ request: 'submitting' })}>
              Submit
            </Button>
          </Form>
        </>
      )}
      {state.matches('requested') && <Result status="success" title={context.message} />}
      {state.matches('validating') && <Waiting text={MEMBER_FLOW_TEXTS.validationWaiting} />}
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
