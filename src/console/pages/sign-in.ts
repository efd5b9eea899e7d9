import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../context.js';
import { html } from '../html.js';
import { barePage } from '../layout.js';
import { clearedCookie, sessionCookie, tokenFromCookies } from '../sessions.js';

function signInForm(message?: string, status: 'error' | 'info' = 'error') {
  return barePage(
    'Sign in',
    html`${message ? html`<div class="notice ${status}" role="${status === 'error' ? 'alert' : 'status'}"><p>${message}</p></div>` : ''}
<form method="post" action="/console/sign-in" class="stack">
<label for="api_key">API key <span class="hint">A live key (svc_live_…) shows live data; a test key (svc_test_…) shows test data. The key stays on the server: your browser keeps only a session cookie.</span></label>
<input id="api_key" name="api_key" type="password" autocomplete="off" spellcheck="false" required autofocus>
<button type="submit">Sign in</button>
</form>
<p>No key yet? The first start of the service prints one; <code>vat-service keys create</code> makes more.</p>`,
  );
}

/** GET and POST /console/sign-in. */
export function signInPages(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get('/console/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const ended = (request.query as Record<string, string>).ended !== undefined;
    const signedOut = (request.query as Record<string, string>).signed_out !== undefined;
    const message = ended
      ? 'Your session has ended (it expired, was signed out, its key was revoked, or newer sign-ins to the account replaced it). Sign in again.'
      : signedOut
        ? 'You are signed out.'
        : undefined;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(String(signInForm(message, signedOut ? 'info' : 'error')));
  });

  scope.post('/console/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const apiKey = ctx.form(request).fields.api_key ?? '';
    reply.header('cache-control', 'no-store');
    const refuse = (status: number, message: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(String(signInForm(message)));
    if (apiKey.trim() === '') return refuse(400, 'Enter an API key.');
    // A session the browser had before is ended once the key is known, so one browser holds one session.
    const before = tokenFromCookies(request.headers.cookie, ctx.secure(request));
    const signedIn = await ctx.sessions.signIn(apiKey, request.ip, before);
    if (signedIn.outcome === 'refused') {
      const wait = signedIn.retryAfterSeconds;
      reply.header('retry-after', String(wait));
      return refuse(
        429,
        `Too many wrong API keys came from your network address in the last minute (here or at the API), so this one was not checked. Try again in ${wait} s.`,
      );
    }
    if (signedIn.outcome === 'unknown') {
      return refuse(401, 'That API key is not valid or has been revoked. Check it and try again.');
    }
    return reply
      .header('set-cookie', sessionCookie(signedIn.token, ctx.secure(request)))
      .redirect('/console', 303);
  });
}

/** POST /console/sign-out: the session is deleted on the server, then the cookie. */
export function signOutRoute(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.post('/console/sign-out', { schema: { hide: true } }, async (request, reply) => {
    await ctx.sessions.signOut(tokenFromCookies(request.headers.cookie, ctx.secure(request)));
    return reply
      .header('set-cookie', clearedCookie(ctx.secure(request)))
      .redirect('/console/sign-in?signed_out=1', 303);
  });
}
