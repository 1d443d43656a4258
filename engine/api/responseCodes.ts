// Response codes and their messages. Spec 000 §8 gives 9004 and 9999; the rest are this product's own.
export const CODES = {
  SUCCESS: '0000',
  BAD_REQUEST: '1001',
  VALIDATION: '1002',
  NOT_FOUND: '1004',
  DUPLICATE: '1009',
  IN_USE: '1010',
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
  INTERNAL: '9000',
  MEMBER_NOT_FOUND: '9999',
} as const;

export type ResponseCode = (typeof CODES)[keyof typeof CODES];

export const MESSAGES = {
  SUCCESS: 'Success',
  PASSWORD_EXPIRED: 'Your password has expired. Please change your password now and log in again!',
  DATA_UPDATED: 'Data has been updated',
  PASSWORD_CHANGED_DETAIL: 'Now you can use a new password to log in to your account!',
  MEMBER_NOT_FOUND: 'Member ID not found',
  SOMETHING_WENT_WRONG: 'Something went wrong, Please try again',
  DOWNLOADING: 'Downloading file...',
  // not in spec: the product's own wording for its own codes
  INVALID_LOGIN: 'Invalid username or password',
  CAPTCHA_FAILED: 'Captcha verification failed, please try again',
  UNAUTHENTICATED: 'Your session has ended, please log in again',
  FORBIDDEN: 'You are not authorized to perform this action',
  NOT_FOUND: 'Unknown service',
  TOO_LARGE: 'Request body is too large',
  MALFORMED_JSON: 'Request body is not valid JSON',
  UNSUPPORTED_MEDIA: 'Request body must be JSON (Content-Type: application/json)',
  SESSION_NOT_EXTENDABLE: 'Your session can no longer be extended, please log in again',
  ACCOUNT_INACTIVE: 'Your account is not active, please contact your administrator',
} as const;
