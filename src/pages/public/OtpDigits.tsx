// Six single-digit boxes: a digit moves to the next box, Backspace on an empty box goes back, pasting the code fills them all.
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Input, type InputRef } from 'antd';

interface Props {
  digits: string[];
  disabled?: boolean;
  onChange(digits: string[]): void;
}

export function OtpDigits({ digits, disabled = false, onChange }: Props) {
  const boxes = useRef<(InputRef | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(digits.length - 1, index))]?.focus({ cursor: 'all' });

  const fill = (from: number, typed: string) => {
    const next = [...digits];
    let at = from;
    for (const digit of typed) {
      if (at >= next.length) break;
      next[at++] = digit;
    }
    onChange(next);
    focus(at);
  };

  const typed = (index: number, value: string) => {
    const only = value.replace(/\D/g, '');
    if (!value) {
      onChange(digits.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    // A box that already held a digit receives it again beside the new one: keep the new one.
    const old = digits[index];
    const fresh = old && only.length === 2 ? (only[0] === old ? only[1]! : only[0]!) : only;
    if (fresh) fill(index, fresh);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      onChange(digits.map((digit, at) => (at === index - 1 ? '' : digit)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      focus(index + 1);
    }
  };

  const pasted = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const only = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (only.length >= digits.length) fill(0, only.slice(0, digits.length));
    else if (only) fill(index, only);
  };

  return (
    <div className="otp-digits" role="group" aria-label="One-time code">
      {digits.map((digit, index) => (
        <Input
          key={index}
          ref={(box) => {
            boxes.current[index] = box;
          }}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          autoFocus={index === 0}
          onFocus={(event) => event.target.select()}
          onChange={(event) => typed(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={(event) => pasted(index, event)}
        />
      ))}
    </div>
  );
}
