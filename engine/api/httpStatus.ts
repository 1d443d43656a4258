// Transport failures as 'N - text' (spec 000 §8); any other status is 'Something went wrong, Please try again'.
import { MESSAGES } from './responseCodes';

export const HTTP_STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Variant Also Negotiates',
  511: 'Network Authentication Required',
};

export function transportFailureMessage(status: number | undefined): string {
  const text = status === undefined ? undefined : HTTP_STATUS_TEXTS[status];
  return text ? `${status} - ${text}` : MESSAGES.SOMETHING_WENT_WRONG;
}
