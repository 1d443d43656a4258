// The self-hosted ALTCHA widget: its challenge comes from /api/session/captcha through the envelope client.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import 'altcha';
import { CAPTCHA_PATH, captchaChallenge } from './captchaChallenge';

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
        challengeurl: CAPTCHA_PATH,
        hidefooter: true,
        customfetch: captchaChallenge,
      });
    })();
    return () => {
      cancelled = true;
      widget.removeEventListener('statechange', listener);
    };
  }, []);

  return <altcha-widget ref={element} style={{ display: 'block' }} />;
});
