// Response codes and their messages. Spec 000 §8 gives 9004 and 9999; the rest are this product's own.
export const CODES = {
  SUCCESS: '0000',
  BAD_REQUEST: '1001',
  VALIDATION: '1002',
  /** Any record, key or service that is not there; the message names which. */
  NOT_FOUND: '1004',
  DUPLICATE: '1009',
  IN_USE: '1010',
  /** Maker-checker (engine/definition/approvals.ts): a request already waits for this record. */
  APPROVAL_PENDING: '1016',
  /** The record changed since the request was made: approving it would overwrite that change. */
  RECORD_CHANGED: '1017',
  /** The request was approved or rejected already (by someone else, or a moment ago). */
  ALREADY_DECIDED: '1018',
  /** Nobody approves or rejects their own request. */
  OWN_REQUEST: '1019',
  TOO_LARGE: '1013',
  UNSUPPORTED_MEDIA: '1015',
  UNAUTHENTICATED: '4010',
  FORBIDDEN: '4030',
  INVALID_LOGIN: '9001',
  CAPTCHA_FAILED: '9002',
  PASSWORD_RULES: '9003',
  PASSWORD_EXPIRED: '9004',
  SESSION_NOT_EXTENDABLE: '9005',
  ACCOUNT_INACTIVE: '9006',
  NO_MATCH: '9007',
  INTERNAL: '9000',
  OTP_EXPIRED: '9008',
  OTP_INVALID: '9009',
  KEY_INVALID: '9010',
  KEY_USED: '9011',
  KEY_EXPIRED: '9012',
  /** An API client past its expiry date. */
  CLIENT_EXPIRED: '9013',
  /** An API client called from an address outside its IP allow-list. */
  ADDRESS_NOT_ALLOWED: '9014',
  /** An API client's secret (and the tokens it gave) revoked, or past the overlap of a rotation. */
  SECRET_REVOKED: '9015',
  TOO_MANY_REQUESTS: '4290',
  /** The database was busy with other writes for longer than a call waits: nothing was changed, try again. */
  BUSY: '5030',
  MEMBER_NOT_FOUND: '9999',
} as const;

export type ResponseCode = (typeof CODES)[keyof typeof CODES];

/** One code's entry in the catalogue: the HTTP status it travels with and what it tells a client. */
export interface CodeDescription {
  http: string;
  meaning: string;
}

/**
 * Every code's HTTP status and meaning. The table of codes in docs/protocol.md is generated from it
 * (scripts/response-codes.ts) and a unit test keeps the two equal.
 */
export const CODE_DESCRIPTIONS: Record<keyof typeof CODES, CodeDescription> = {
  SUCCESS: { http: '200', meaning: 'Success: the call did what it asked.' },
  BAD_REQUEST: {
    http: '400 (408 for a body too slow to arrive)',
    meaning:
      'The request itself is malformed, before any rule: not JSON, a missing or wrong-typed envelope block, a value of the wrong type for its field, an unknown field, a field the form does not take (a record page creates with its first section only), a number past its column. The message names the path; `result.fields` names the fields where there are any. Nothing changes.',
  },
  VALIDATION: {
    http: '200',
    meaning:
      "A well-formed request refused by a field's rule or a business rule: required, length, range, pattern, a reference that does not exist, an overlapping period, a segment already credited, miles not available. `result.fields` holds each field's message (a wizard's also its step). Nothing changes.",
  },
  NOT_FOUND: { http: '200 (404 for an unknown service)', meaning: 'A record, key, file or service that is not there, or not in the caller\'s scope; the message names which.' },
  DUPLICATE: { http: '200', meaning: 'The key or a unique value (record key, username, card number) is taken already; `result.fields` names the field.' },
  IN_USE: { http: '200', meaning: 'The record is used by another record and cannot be deleted; the message names by what.' },
  APPROVAL_PENDING: { http: '200', meaning: 'Maker-checker: a request for this record already waits for approval.' },
  RECORD_CHANGED: { http: '200', meaning: 'Maker-checker: the record changed since the request was made, so approving it would overwrite that change.' },
  ALREADY_DECIDED: { http: '200', meaning: 'Decided already: an approval request approved or rejected, a ledger transaction reversed.' },
  OWN_REQUEST: { http: '200', meaning: 'Maker-checker: nobody approves or rejects their own request.' },
  TOO_LARGE: { http: '413 (431 for headers)', meaning: 'The body or the headers are too large.' },
  UNSUPPORTED_MEDIA: { http: '415', meaning: 'The body is not JSON (`Content-Type: application/json`).' },
  UNAUTHENTICATED: { http: '401', meaning: 'No live session: a missing, unknown or ended token.' },
  FORBIDDEN: { http: '403', meaning: "The caller's role does not grant the function (or the section) the call needs." },
  INVALID_LOGIN: { http: '200', meaning: 'Invalid username or password; also for a locked account.' },
  CAPTCHA_FAILED: { http: '200', meaning: 'The captcha was not solved.' },
  PASSWORD_RULES: { http: '200', meaning: 'A new password breaks the strength rules; the message says which.' },
  PASSWORD_EXPIRED: { http: '200', meaning: 'The password has expired: `result.changeticket` lets `user/change-password` set a new one (spec text).' },
  SESSION_NOT_EXTENDABLE: { http: '200', meaning: 'The session can no longer be extended; log in again.' },
  ACCOUNT_INACTIVE: { http: '200', meaning: 'The account is not active.' },
  NO_MATCH: { http: '200', meaning: 'A forgot-password step did not match (spec texts: username, full name, branch, ticket office).' },
  INTERNAL: { http: '500', meaning: "An internal fault: 'Something went wrong, Please try again', never a stack or SQL." },
  OTP_EXPIRED: { http: '200', meaning: 'The OTP code has expired (spec text).' },
  OTP_INVALID: { http: '200', meaning: 'The OTP code is not valid (spec text).' },
  KEY_INVALID: { http: '200', meaning: 'A link (activation, reset) is not valid.' },
  KEY_USED: { http: '200', meaning: 'A link has been used already.' },
  KEY_EXPIRED: { http: '200', meaning: 'A link has expired; ask for a new one.' },
  CLIENT_EXPIRED: { http: '401', meaning: 'The API client is past its expiry date: no token is issued and its tokens answer this code.' },
  ADDRESS_NOT_ALLOWED: { http: '403', meaning: "The API client's IP allow-list does not hold the calling address." },
  SECRET_REVOKED: { http: '401', meaning: "The API client's secret was revoked (or its rotation's overlap ended): no token is issued and its tokens answer this code." },
  TOO_MANY_REQUESTS: { http: '429', meaning: 'Too many requests from this client or address; try again later.' },
  BUSY: { http: '503', meaning: 'The database stayed busy after the transaction was retried; nothing was changed, try again in a moment.' },
  MEMBER_NOT_FOUND: { http: '200', meaning: 'No member has this member id or card number (spec text).' },
};

export const MESSAGES = {
  SUCCESS: 'Success',
  PASSWORD_EXPIRED: 'Your password has expired. Please change your password now and log in again!',
  DATA_UPDATED: 'Data has been updated',
  PASSWORD_CHANGED_DETAIL: 'Now you can use a new password to log in to your account!',
  MEMBER_NOT_FOUND: 'Member ID not found',
  USERNAME_NOT_FOUND: 'Username not found',
  FULLNAME_NOT_MATCH: 'Fullname not match',
  BRANCH_NOT_MATCH: 'Branch code not match',
  TICKET_OFFICE_NOT_MATCH: 'Ticket Office ID not match',
  VERIFY_ALL_REQUIRED: 'Please verify username, fullname, branch and ticket office data',
  OTP_EXPIRED: 'The OTP code has expired, please retry for a new code',
  OTP_INVALID: 'The OTP code has invalid, please generate new or check latest OTP code we send to you, or contact customer service',
  SOMETHING_WENT_WRONG: 'Something went wrong, Please try again',
  DOWNLOADING: 'Downloading file...',
  // not in spec: the product's own wording for its own codes
  INVALID_LOGIN: 'Invalid username or password',
  CAPTCHA_FAILED: 'Captcha verification failed, please try again',
  UNAUTHENTICATED: 'Your session has ended, please log in again',
  FORBIDDEN: 'You are not authorized to perform this action',
  UNKNOWN_SERVICE: 'Unknown service',
  TOO_LARGE: 'Request body is too large',
  HEADERS_TOO_LARGE: 'Request headers are too large',
  UNREADABLE_REQUEST: 'Invalid request: the HTTP request could not be read',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  MALFORMED_JSON: 'Request body is not valid JSON',
  OUT_OF_RANGE: 'Invalid request: a number is beyond what its field holds',
  UNSUPPORTED_MEDIA: 'Request body must be JSON (Content-Type: application/json)',
  SESSION_NOT_EXTENDABLE: 'Your session can no longer be extended, please log in again',
  ACCOUNT_INACTIVE: 'Your account is not active, please contact your administrator',
  KEY_INVALID: 'This link is not valid',
  KEY_USED: 'This link has already been used',
  KEY_EXPIRED: 'This link has expired, please ask for a new one',
  TOO_MANY_REQUESTS: 'Too many requests, please try again later',
  INVALID_CLIENT: 'Invalid client id or secret',
  CLIENT_EXPIRED: 'This API client has expired',
  ADDRESS_NOT_ALLOWED: 'This API client may not call from this address',
  SECRET_REVOKED: 'This client secret has been revoked',
  BUSY: 'The system is busy, nothing was changed: please try again in a moment',
} as const;
