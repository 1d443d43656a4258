// The self-hosted ALTCHA widget: its challenge comes from /api/session/captcha through the envelope client.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import 'altcha';
import { api } from '../api';

export interface CaptchaHandle {
  reset(): void;
}

interface AltchaElement extends HTMLElement {
  configure(options: Record<string, unknown>): void;
  reset(): void;
}

/** Calls `onChange` with the solution payload once verified, and with undefined when it resets or expires. */
export const AltchaCaptcha = forwardRef<CaptchaHandle, { onChange(payload: string | undefined): void }>(function AltchaCaptcha({ onChange }, ref) {
  const element = useRef<AltchaElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useImperativeHandle(ref, () => ({ reset: () => element.current?.reset() }), []);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    let cancelled = false;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      changed.current(detail.state === 'verified' ? detail.payload : undefined);
    };
    widget.addEventListener('statechange', listener);
    // The widget's methods exist only once the custom element has mounted.
    void (async () => {
      await customElements.whenDefined('altcha-widget');
      while (!cancelled && typeof widget.configure !== 'function') await new Promise((resolve) => setTimeout(resolve, 10));
      if (cancelled) return;
      widget.configure({
        challengeurl: '/api/session/captcha',
        hidefooter: true,
        // The challenge is an envelope call like every other; the widget gets its result block.
        customfetch: async () => {
          const answer = await api.call('/api/session/captcha', { noRetry: true });
          return new Response(JSON.stringify(answer.result ?? {}), {
            status: answer.result ? 200 : 500,
            headers: { 'content-type': 'application/json' },
          });
        },
      });
    })();
    return () => {
      cancelled = true;
      widget.removeEventListener('statechange', listener);
    };
  }, []);

  return <altcha-widget ref={element} style={{ display: 'block' }} />;
});
