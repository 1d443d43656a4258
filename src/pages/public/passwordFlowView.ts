// What a public new-password page shows, read from its flow's snapshot: every flow built with newPasswordForm()
// has the states 'form' (editing, submitting), 'done' and 'failed', and tags the states that check its key.
import type { AnyMachineSnapshot } from 'xstate';
import { CHECKING_KEY, type FieldErrors, type NewPasswordContext } from '../../../workflows/newPasswordForm';

export interface PasswordFlowView {
  /** The flow checks the link's key: the page's waiting text shows. */
  checkingKey: boolean;
  /** The form, the server's message of a success in its place, or of a key that cannot be used; none before the form. */
  step: 'form' | 'done' | 'failed' | undefined;
  busy: boolean;
  fieldErrors: FieldErrors;
  message: string | undefined;
}

/** The part of a flow's snapshot the page reads. */
export type PasswordFlowSnapshot = Pick<AnyMachineSnapshot, 'matches' | 'hasTag'> & { context: NewPasswordContext };

export function passwordFlowView(snapshot: PasswordFlowSnapshot): PasswordFlowView {
  // The staff reset's success message stays while its page leaves for / ('redirect').
  const done = snapshot.matches('done') || snapshot.matches('redirect');
  return {
    checkingKey: snapshot.hasTag(CHECKING_KEY),
    step: snapshot.matches('form') ? 'form' : done ? 'done' : snapshot.matches('failed') ? 'failed' : undefined,
    busy: snapshot.matches({ form: 'submitting' }),
    fieldErrors: snapshot.context.fieldErrors,
    message: snapshot.context.message,
  };
}
