// The request and response envelope of spec 000 §3/§7, shared by the browser client and the server.
export const APP_ID = 'alms-1';
export const EXTEND_APP_ID = 'amala';
export const SESSION_EXTEND_MINUTES = 60;
export const CLIENT_VERSION = 'v1.2.2';

export interface Identity {
  reqtxnid: string;
  reqdate: string;
  appid: string;
  userid: string;
  signature: string;
  seqno: number;
}

export interface Paging {
  limit: number;
  page: number;
}

export type SortDirection = 'asc' | 'desc';

export interface Parameter {
  column?: string[];
  criteria?: Record<string, unknown>;
  sort?: Record<string, SortDirection>;
  data?: unknown;
}

export interface RequestEnvelope {
  identity: Identity;
  paging?: Paging;
  parameter: Parameter;
}

export interface Status {
  responsecode: string;
  responsemessage: string;
}

export interface ResponseEnvelope<T = unknown> {
  status: Status;
  paging?: { page: number; limit: number; totalrecord: number };
  identity?: Pick<Identity, 'signature'>;
  result?: T;
}

/** Success is a code starting with 0; dashboard, OTP, progress and download calls need '0000' exactly. */
export function isSuccess(code: string | undefined, strict = false): boolean {
  if (typeof code !== 'string') return false;
  return strict ? code === '0000' : code.startsWith('0');
}
