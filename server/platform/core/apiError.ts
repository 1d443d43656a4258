// Errors as values with codes: whatever a handler throws becomes a response envelope, never HTML or a stack.
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 200,
    /** Field-level messages for forms: field name -> message. */
    readonly fields?: Record<string, string>,
    /** More of the refusal for the caller, in the answer's result beside `fields` (the Definition Studio's problems at their paths). */
    readonly result?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthenticated = () => new ApiError(CODES.UNAUTHENTICATED, MESSAGES.UNAUTHENTICATED, 401);
export const forbidden = () => new ApiError(CODES.FORBIDDEN, MESSAGES.FORBIDDEN, 403);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new ApiError(CODES.VALIDATION, message, 200, fields);

/** A domain error that knows its API answer (e.g. LedgerError): the app maps it with toApiError, in one place. */
export interface ApiErrorSource {
  toApiError(): ApiError;
}

export const asApiError = (error: unknown): unknown =>
  error instanceof Error && typeof (error as Partial<ApiErrorSource>).toApiError === 'function' ? (error as unknown as ApiErrorSource).toApiError() : error;
