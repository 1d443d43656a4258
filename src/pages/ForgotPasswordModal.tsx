// 'Don't know your password? Set your password here.': the stepped reset of spec 000 §4/§5, driven by
// forgotPasswordMachine; the username step asks the login page's captcha, the server checks every step on
// the flow ticket it hands out, and never hands a user record to this page.
import { useEffect, useRef } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useMachine } from '@xstate/react';
import { forgotPasswordMachine, type ForgotPasswordErrors, type ForgotPasswordOutput } from '../../workflows/forgotPasswordMachine';
import { AltchaCaptcha, type CaptchaHandle } from '../components/AltchaCaptcha';
import { fieldStatus } from '../components/fieldStatus';
import { SHELL_MODAL_WIDTH } from '../shell/pageTitle';
import { forgotPasswordCalls } from './forgotPasswordCalls';

const STEPS = ['username', 'fullname', 'branch', 'password'] as const;
const STEP_TITLES = ['Username', 'Full Name', 'Branch & Ticket Office', 'Create Password'];

interface Props {
  onDone(output: ForgotPasswordOutput): void;
}

export function ForgotPasswordModal({ onDone }: Props) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const [state, send] = useMachine(
    forgotPasswordMachine.provide({
      actors: forgotPasswordCalls,
      actions: { resetCaptcha: () => captchaRef.current?.reset() },
    }),
  );
  const [form] = Form.useForm();
  const step = STEPS.findIndex((name) => state.matches(name));
  const busy = state.matches({ username: 'verifying' }) || state.matches({ fullname: 'verifying' }) || state.matches({ branch: 'verifying' }) || state.matches({ password: 'submitting' });
  const errors: ForgotPasswordErrors = state.context.fieldErrors;

  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output);
  }, [state.status, state.output, onDone]);

  const next = () => {
    const values = form.getFieldsValue() as Record<string, string | undefined>;
    const value = (name: string) => values[name] ?? '';
    if (step === 0) send({ type: 'VERIFY_USERNAME', username: value('username') });
    if (step === 1) send({ type: 'VERIFY_FULLNAME', fullname: value('fullname') });
    if (step === 2) send({ type: 'VERIFY_BRANCH', branchcode: value('branchcode'), tickoffid: value('tickoffid') });
    if (step === 3) send({ type: 'SUBMIT_PASSWORD', newpassword: value('newpassword'), confirmation: value('confirmation') });
  };

  return (
    <Modal
      open
      title="Reset Password"
      width={SHELL_MODAL_WIDTH}
      onCancel={() => send({ type: 'CANCEL' })}
      destroyOnHidden
      footer={
        <Space>
          {step > 0 && <Button onClick={() => send({ type: 'BACK' })}>Back</Button>}
          <Button type="primary" loading={busy} onClick={next} disabled={step === 0 && !state.context.captcha && !busy}>
            {step === 3 ? 'Set Password' : 'Next'}
          </Button>
        </Space>
      }
    >
      <Steps size="small" current={step} items={STEP_TITLES.map((title) => ({ title }))} style={{ margin: '8px 0 24px' }} />
      {state.context.message && <Alert type="error" showIcon title={state.context.message} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={next} preserve>
        <Form.Item name="username" label="Username" hidden={step !== 0} {...fieldStatus(errors.username)}>
          <Input placeholder="Username" autoComplete="username" />
        </Form.Item>
        {step === 0 && (
          <Form.Item>
            <AltchaCaptcha ref={captchaRef} onChange={(payload) => send(payload ? { type: 'CAPTCHA_VERIFIED', payload } : { type: 'CAPTCHA_RESET' })} />
          </Form.Item>
        )}
        <Form.Item name="fullname" label="Full Name" hidden={step !== 1} {...fieldStatus(errors.fullname)}>
          <Input placeholder="Full Name" />
        </Form.Item>
        <Form.Item name="branchcode" label="Branch Code" hidden={step !== 2} {...fieldStatus(errors.branchcode)}>
          <Input placeholder="Branch Code" />
        </Form.Item>
        <Form.Item name="tickoffid" label="Ticket Office ID" hidden={step !== 2} {...fieldStatus(errors.tickoffid)}>
          <Input placeholder="Ticket Office ID" />
        </Form.Item>
        <Form.Item name="newpassword" label="New Password" hidden={step !== 3} {...fieldStatus(errors.newpassword)}>
          <Input.Password placeholder="New Password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmation" label="Confirm Password" hidden={step !== 3} {...fieldStatus(errors.confirmation)}>
          <Input.Password placeholder="Confirm Password" autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
