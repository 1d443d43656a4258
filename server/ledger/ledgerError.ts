// The ledger's refusals as values with codes, and the one place they become an API answer (a message on
// the field the caller's form shows). Callers let a LedgerError propagate; the app maps it.
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { ApiError } from '../platform/core/apiError';

export type LedgerErrorCode =
  | 'INSUFFICIENT_MILES'
  | 'NOT_TRANSFERABLE'
  | 'MEMBER_NOT_ACTIVE'
  | 'SAME_MEMBER'
  | 'MEMBER_NOT_FOUND'
  | 'ALREADY_REVERSED'
  | 'NOT_REVERSIBLE'
  | 'TRANSACTION_NOT_FOUND'
  | 'INVALID_ENTRY';

const RESPONSE_CODES: Record<LedgerErrorCode, string> = {
  INSUFFICIENT_MILES: CODES.VALIDATION,
  NOT_TRANSFERABLE: CODES.VALIDATION,
  MEMBER_NOT_ACTIVE: CODES.VALIDATION,
  SAME_MEMBER: CODES.VALIDATION,
  MEMBER_NOT_FOUND: CODES.MEMBER_NOT_FOUND,
  ALREADY_REVERSED: CODES.ALREADY_DECIDED,
  NOT_REVERSIBLE: CODES.VALIDATION,
  TRANSACTION_NOT_FOUND: CODES.NOT_FOUND,
  INVALID_ENTRY: CODES.VALIDATION,
};

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    /** The field the message belongs on (a caller may name its own form's field with onField). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }

  /** The same refusal shown on another field (the caller's form names it differently). */
  onField(field: string): LedgerError {
    return new LedgerError(this.code, this.message, field);
  }

  /** The answer a client gets: the response code, the message, and the message on the field. */
  toApiError(): ApiError {
    return new ApiError(RESPONSE_CODES[this.code], this.message, 200, this.field ? { [this.field]: this.message } : undefined);
  }
}

export const memberNotFound = (memberid: string, field = 'memberid') =>
  new LedgerError('MEMBER_NOT_FOUND', `${MESSAGES.MEMBER_NOT_FOUND}: ${memberid}`, field);
