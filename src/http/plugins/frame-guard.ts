import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The directive that forbids every page from putting this one in a frame. */
const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * No page of the service may be framed (clickjacking): every `text/html` answer, whichever route
 * or error handler made it, carries `X-Frame-Options: DENY` (older browsers) and a
 * Content-Security-Policy with `frame-ancestors 'none'`. The route's own policy (the console's, the
 * reference page's) is kept and only its `frame-ancestors` replaced. The hook is added to every
 * route as its last onSend hook, so it sees the policy that plugins' own onSend hooks set (the
 * reference page's is set in one). Call before any route is registered.
 */
export function registerFrameGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.onSend;
    route.onSend =
      own === undefined ? [forbidFraming] : [...(Array.isArray(own) ? own : [own]), forbidFraming];
  });
}

function forbidFraming(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', withoutFraming(reply.getHeader('content-security-policy')));
  }
  done(null, payload);
}

/** `policy` (a header value, or several) with `frame-ancestors 'none'` in place of any frame-ancestors. */
export function withoutFraming(policy: number | string | string[] | undefined): string | string[] {
  if (policy === undefined) return FRAME_ANCESTORS;
  const merged = (Array.isArray(policy) ? policy : [String(policy)]).map((one) =>
    [
      ...one
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => directive !== '' && !/^frame-ancestors(\s|$)/i.test(directive)),
      FRAME_ANCESTORS,
    ].join('; '),
  );
  return merged.length === 1 ? merged[0] : merged;
}
