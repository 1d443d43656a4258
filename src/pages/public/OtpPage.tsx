// /otp/{otpid}?={encoded}: 'Verification' with a countdown and six digits, driven by otpMachine.
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Result, Typography } from 'antd';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MEMBER_FLOW_PATHS, MEMBER_FLOW_TEXTS, OTP_LENGTH } from '../../../domain/memberFlows';
import { formatCountdown, isOtpCode, otpLinkFromSearch, otpMachine, type OtpVerifyCall } from '../../../workflows/otpMachine';
import { OtpDigits } from './OtpDigits';
import { PublicLayout, Waiting } from './PublicLayout';
import { publicCall } from './publicApi';

interface Position {
  longitude: number | null;
  latitude: number | null;
}

const UNKNOWN_POSITION: Position = { longitude: null, latitude: null };
/** The update does not wait longer than this for the browser's position (a permission prompt may never be answered). */
const POSITION_WAIT_MS = 3000;

/** The browser's position if it gives one; a refusal or failure is only logged (spec 000 §8). */
function askPosition(): Promise<Position> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) {
      resolve(UNKNOWN_POSITION);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ longitude: position.coords.longitude, latitude: position.coords.latitude }),
      (error) => {
        console.log('Geolocation unavailable:', error.message);
        resolve(UNKNOWN_POSITION);
      },
      { maximumAge: 60_000, timeout: POSITION_WAIT_MS },
    );
  });
}

const withinWait = (position: Promise<Position>) =>
  Promise.race([position, new Promise<Position>((resolve) => setTimeout(() => resolve(UNKNOWN_POSITION), POSITION_WAIT_MS))]);

const emptyDigits = () => Array.from({ length: OTP_LENGTH }, () => '');

export default function OtpPage() {
  const { id = '' } = useParams();
  // Asked once on opening, so the member has answered the prompt by the time the code is verified.
  const position = useRef<Promise<Position>>(undefined);
  position.current ??= askPosition();
  const [link] = useState(() => otpLinkFromSearch(window.location.search));
  const [digits, setDigits] = useState(emptyDigits);
  const [state, send] = useMachine(
    otpMachine.provide({
      actors: {
        loadTimeLimit: fromPromise(async ({ input }: { input: { otpid: string } }) => publicCall(MEMBER_FLOW_PATHS.otpSecondsTimeLimit, input)),
        verifyCode: fromPromise(async ({ input }: { input: OtpVerifyCall }) => publicCall(MEMBER_FLOW_PATHS.otpVerification, input)),
        updateProfile: fromPromise(async ({ input }: { input: { otpid: string } }) => {
          const { longitude, latitude } = await withinWait(position.current!);
          return publicCall(MEMBER_FLOW_PATHS.otpUpdateWithOtp, { otpid: input.otpid, browser: navigator.userAgent, longitude, latitude });
        }),
      },
    }),
    { input: { otpid: id, link } },
  );
  const { context } = state;
  const code = digits.join('');
  const verifying = state.matches({ active: { code: 'verifying' } });
  const refused = state.matches('refused');

  // A refused code is typed again from the first box (a new set of boxes focuses its first).
  const message = context.message;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!message || refused) return;
    setDigits(emptyDigits());
    setRound((count) => count + 1);
  }, [message, refused]);

  return (
    <PublicLayout title={MEMBER_FLOW_TEXTS.otpTitle}>
      {state.matches('loading') && <Waiting text="Please wait" />}
      {(state.matches('active') || refused) && (
        <>
          {/* A locked form has no time left to count. */}
          {!refused && (
            <div className="otp-countdown" aria-label="Time left">
              {formatCountdown(context.remaining)}
            </div>
          )}
          <Typography.Paragraph type="secondary" className="public-title">
            Enter the {OTP_LENGTH}-digit code we sent you.
          </Typography.Paragraph>
          {message && <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (isOtpCode(code)) send({ type: 'VERIFY', code });
            }}
          >
            <OtpDigits key={round} digits={digits} disabled={verifying || refused} onChange={setDigits} />
            <Button type="primary" htmlType="submit" size="large" block disabled={!isOtpCode(code) || refused} loading={verifying}>
              Verify
            </Button>
          </form>
        </>
      )}
      {state.matches('verified') && (
        <>
          <Result status="success" title={MEMBER_FLOW_TEXTS.otpVerified} />
          {context.updateMessage && <Alert type="warning" showIcon title={context.updateMessage} />}
        </>
      )}
      {state.matches('expired') && <Result status="warning" title={MEMBER_FLOW_TEXTS.otpExpiredPage} />}
      {state.matches('invalid') && <Result status="error" title={message} />}
      {state.matches('connectionIssue') && <Result status="error" title={MEMBER_FLOW_TEXTS.connectionIssue} />}
    </PublicLayout>
  );
}
