// The request log: one line per request, when it is done (method, path, status, time). The front end's files (the
// start page, scripts, styles, images, and meta.json and env.json the browser polls) answer quietly when they
// succeed; API calls, downloads (token paths, no file extension), page loads and every failure are logged.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A successful GET of one of the front end's files: nothing an operator needs a line for. */
export function isQuietRequest(method: string, url: string, statusCode: number): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || statusCode >= 400) return false;
  const path = url.split('?')[0] ?? '';
  return path === '/' || (!path.startsWith('/api/') && /\.[a-z0-9]+$/i.test(path));
}

export class RequestLog extends LogController {
  // The line at the end says it all: no line on arrival.
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && isQuietRequest(request.method, request.url, reply.statusCode)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
