// The create-password form shared by the public activation and reset pages (spec 000 §5 'Password strength', §9 length 8 to 45).
import { CODES } from '../engine/api/responseCodes';
import { PASSWORD_MAX, SHELL_MESSAGES, passwordStrengthErrors } from '../engine/rules';

export type NewPasswordField = 'newpassword' | 'confirmation';

export type NewPasswordErrors = Partial<Record<NewPasswordField, string[]>>;

/** The form's one event: the passwords travel in it and never sit in a machine's context. */
export type NewPasswordEvent = { type: 'SUBMIT_PASSWORD'; newpassword: string; confirmation: string };

/** Every rule each field breaks; empty when the form may be sent. */
export function newPasswordFieldErrors(newpassword: string, confirmation: string): NewPasswordErrors {
  const tooLong = [...newpassword].length > PASSWORD_MAX ? [SHELL_MESSAGES.lengthMaximum] : [];
  const errors: NewPasswordErrors = {
    newpassword: newpassword ? [...passwordStrengthErrors(newpassword), ...tooLong] : [SHELL_MESSAGES.required],
    // The spec only says the confirmation must equal the password; the change-password modal's words say so.
    confirmation: !confirmation ? [SHELL_MESSAGES.required] : confirmation !== newpassword ? [SHELL_MESSAGES.confirmationInconsistent] : [],
  };
  return Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0));
}

/** True when the submitted form breaks a rule (a guard for the machines). */
export const newPasswordInvalid = (event: { type: string; newpassword?: string; confirmation?: string }): boolean =>
  event.type === 'SUBMIT_PASSWORD' && Object.keys(newPasswordFieldErrors(event.newpassword ?? '', event.confirmation ?? '')).length > 0;

/** The key codes after which a form can no longer succeed: the page shows the message instead of the form. */
export const KEY_FAILURE_CODES: readonly string[] = [CODES.KEY_INVALID, CODES.KEY_USED, CODES.KEY_EXPIRED];

/** The member change-password call of spec 000 §7 as the machines hand it to the page; the page digests newpassword. */
export interface MemberPasswordCall {
  key: string;
  memberid: string;
  forceupdate: true;
  currentpassword: string;
  newpassword: string;
}
