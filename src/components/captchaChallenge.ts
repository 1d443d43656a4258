// The ALTCHA widget's challenge: an envelope call like every other, answered to the widget as the plain response
// it expects (the result block, or a failure status).
import { api } from '../api';

export const CAPTCHA_PATH = '/api/session/captcha';

export async function captchaChallenge(): Promise<Response> {
  const answer = await api.call(CAPTCHA_PATH, { noRetry: true });
  return new Response(JSON.stringify(answer.result ?? {}), {
    status: answer.result ? 200 : 500,
    headers: { 'content-type': 'application/json' },
  });
}
