// One field of the login form: a labelled large input with its prefix icon, a Show/Hide button for the password,
// and the machine's message for it (antd's vertical form item look, in plain React).
import { useState } from 'react';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import type { LoginField } from '../../workflows/loginMachine';
import { LoginIcon } from './LoginIcon';

const FIELDS = {
  username: { label: 'Username', icon: UserOutlined, autoComplete: 'username' },
  password: { label: 'Password', icon: LockOutlined, autoComplete: 'current-password' },
} as const;

/** A labelled large input with its prefix icon and the machine's message for it (antd's vertical form item look). */
export function Field({ name, error, onEdit }: { name: LoginField; error: string | undefined; onEdit(field: LoginField, value: string): void }) {
  const { label, icon, autoComplete } = FIELDS[name];
  const [shown, setShown] = useState(false);
  const secret = name === 'password';
  return (
    <div className={`login-field${error ? ' login-field-error' : ''}`}>
      <label className="login-label" htmlFor={name}>
        {label}
      </label>
      <span className="login-input">
        <span className="login-prefix">
          <LoginIcon icon={icon} />
        </span>
        <input
          id={name}
          name={name}
          type={secret && !shown ? 'password' : 'text'}
          placeholder={label}
          autoComplete={autoComplete}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}_help` : undefined}
          onChange={(event) => onEdit(name, event.target.value)}
        />
        {secret && (
          <button type="button" className="login-eye" aria-label={shown ? 'Hide' : 'Show'} aria-pressed={shown} onClick={() => setShown(!shown)}>
            <LoginIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
          </button>
        )}
      </span>
      <div className="login-help" id={`${name}_help`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
