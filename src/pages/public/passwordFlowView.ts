// What a public new-password page shows, read from its flow's snapshot: every flow built with newPasswordForm()
// has the states 'form' (editing, submitting), 'done' and 'failed'.
import type { AnyMachineSnapshot } from 'xstate';
import type { FieldErrors, NewPasswordContext } from '../../../workflows/newPasswordForm';

export interface PasswordFlowView {
  /** The form, the server's message of a success in its place, or of a key that cannot be used; none before the form. */
  step: 'form' | 'done' | 'failed' | undefined;
  busy: boolean;
  fieldErrors: FieldErrors;
  message: string | undefined;
}

export function passwordFlowView(snapshot: { matches: AnyMachineSnapshot['matches']; context: NewPasswordContext }): PasswordFlowView {
  // The staff reset's success message stays while its page leaves for / ('redirect').
  const done = snapshot.matches('done') || snapshot.matches('redirect');
  return {
    step: snapshot.matches('form') ? 'form' : done ? 'done' : snapshot.matches('failed') ? 'failed' : undefined,
    busy: snapshot.matches({ form: 'submitting' }),
    fieldErrors: snapshot.context.fieldErrors,
    message: snapshot.context.message,
  };
}
