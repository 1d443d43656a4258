// The public member pages' calls (spec 000 §2, §7, §8), shared by the browser pages, their machines and
// the server: one place for each path, payload and the texts the pages show.
//
// All are POST /api/... with the standard request envelope (no bearer: the pages are public); the data
// goes in parameter.data. Keys in links are opaque, single-use and expire; the server stores only their hash.
// The server's messages (member not found, OTP expired or invalid, link invalid, used or expired) are in
// engine/api/responseCodes.ts MESSAGES.
import * as moduleTexts from './texts.json';

export const MEMBER_FLOW_PATHS = {
  /** { key } -> result { keytype: 'ACTIVATION' | 'MEMBER_RESET' | 'STAFF_RESET' | 'EMAIL_VERIFY', memberid: string | null } */
  retrieveKey: '/api/member/retrieve-key',
  /** { key } -> result { memberid }; a key without a member answers 9999 'Member ID not found'. */
  activation: '/api/member/activation',
  /** { key, memberid, forceupdate: true, currentpassword: MEMBER_DEFAULT_PASSWORD, newpassword (sha256 hex) } -> message; uses the key. */
  memberChangePassword: '/api/member/change-password',
  /** { username: card number or e-mail } -> message (the same whether or not a member matched). */
  memberResetRequest: '/api/member/reset-password',
  /** { key } -> result { memberid } */
  memberResetValidation: '/api/member/reset-validation',
  /** { key } -> result { username } */
  staffResetValidation: '/api/user/reset-validation',
  /** { key, newpassword (sha256 hex) } -> message; uses the key. */
  staffResetPassword: '/api/user/reset-password',
  /** { memberid: the key of the e-mail link } -> message */
  verifyEmail: '/api/member/verify-email',
  /** { cardnumber, type: 'SUMMARY' } -> result MemberSummary; not found answers code 1004. Rate-limited per client. */
  memberProfile: '/api/member/profile',
  /** { otpid } -> result { secondstimelimit } */
  otpSecondsTimeLimit: '/api/otp/seconds-time-limit',
  /** { otpid, memberid, transactiontype, otpcode: number, channel: 'BO' } -> status '0000' on success */
  otpVerification: '/api/otp/verification',
  /** { otpid, browser, longitude, latitude } -> message; applies the session's stored additional data (the server takes the client address itself). */
  otpUpdateWithOtp: '/api/member/update-with-otp',
} as const;

/** The fixed current password the activation form sends with forceupdate (spec 000 §7). */
export const MEMBER_DEFAULT_PASSWORD = 'DEFAULT';

/** OTP defaults: the countdown when the session gives no secondstimelimit, and the code length. */
export const OTP_DEFAULT_SECONDS = 5 * 60;
export const OTP_LENGTH = 6;
/** The transaction type whose success page does not update the profile. */
export const OTP_REDEMPTION = 'REDEMPTION';
/** Staff reset: the success page goes back to / after this long. */
export const STAFF_RESET_REDIRECT_MS = 3000;

/**
 * The member pages' words: spec 000 §5's, and the pages' own where the spec names none (emailVerifiedTitle,
 * activationNoKey, staffResetRedirect).
 */
export const MEMBER_FLOW_TEXTS = moduleTexts.memberFlow;

/** Mini-view card number: required, digits only, at most 45, trimmed. */
export const CARD_NUMBER_MAX = 45;

/** The only fields the public mini-view returns (spec 001 §2 'Member profile summary'). */
export interface MemberSummary {
  firstname: string;
  lastname: string;
  status: string;
  membercards: { cardnumber: string; membershipname: string; tiername: string }[];
  /** Dates as YYYY-MM-DD; the page shows DD/MM/YYYY. */
  memberaccount: { startperiod: string; endperiod: string };
}

/** The encoded query string of /otp/{otpid}?={encoded}: base64url of this JSON. */
export interface OtpLinkData {
  memberid: string;
  transactiontype: string;
}

export function encodeOtpLink(data: OtpLinkData): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeOtpLink(encoded: string): OtpLinkData | undefined {
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const data = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Partial<OtpLinkData>;
    return typeof data.memberid === 'string' && typeof data.transactiontype === 'string' ? { memberid: data.memberid, transactiontype: data.transactiontype } : undefined;
  } catch {
    return undefined;
  }
}
