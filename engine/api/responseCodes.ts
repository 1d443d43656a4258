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
  TOO_MANY_REQUESTS: '4290',
  /** The database was busy with other writes for longer than a call waits: nothing was changed, try again. */
  BUSY: '5030',
  MEMBER_NOT_FOUND: '9999',
} as const;

export type ResponseCode = (typeof CODES)[keyof typeof CODES];

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
  BUSY: 'The system is busy, nothing was changed: please try again in a moment',
} as const;
