import type { FastifyError, FastifyInstance } from 'fastify';
import type { Authenticator } from '../accounts/authenticator.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import type { AuthFailureLimiter } from '../limits/auth-failures.js';
import type { ActiveSession } from '../store/console-sessions.js';
import { KyselyConsoleSessionStore } from '../store/console-sessions.js';
import type { Database } from '../store/database.js';
import { ConsoleApi } from './api.js';
import { ASSETS, FAVICON } from './assets.js';
import type { ConsoleContext } from './context.js';
import { type FormBody, multipartForm, singleValuedQuery, urlEncodedForm } from './forms.js';
import { html } from './html.js';
import type { InternalCredential } from './internal-credential.js';
import { page } from './layout.js';
import { accountPages } from './pages/account.js';
import { bulkPages } from './pages/bulk.js';
import { decidePages } from './pages/decide.js';
import { historyPages } from './pages/history.js';
import { monitorPages } from './pages/monitors.js';
import { overviewPage } from './pages/overview.js';
import { ratesPage } from './pages/rates.js';
import { signInPages, signOutRoute } from './pages/sign-in.js';
import { validatePages } from './pages/validate.js';
import { webhookPages } from './pages/webhooks.js';
import {
  declaredLength,
  forwardedHttps,
  fromAnotherSite,
  sendCodedRefusal,
  sendRefusal,
  sendTooLarge,
  sendUnsupportedType,
  UNAUTHENTICATED_BODY_LIMIT,
} from './request-guard.js';
import { ConsoleSessions, clearedCookie, csrfMatches, tokenFromCookies } from './sessions.js';

/** Methods that carry no form: everything else is a form post, guarded before its body is read. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Pages may not run inline script or styles, load anything from elsewhere, or be framed: an
 * injected `<script>` or `style=` would not run even if some value escaped the escaping.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export interface ConsoleDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  authenticator: Authenticator;
  /** The API's limit of unknown keys per client address, shared by the sign-in. */
  authFailures: AuthFailureLimiter;
  credential: InternalCredential;
}

/** The console at /console: server-rendered pages over the service's own API. */
export async function registerConsole(app: FastifyInstance, deps: ConsoleDeps): Promise<void> {
  const sessions = new ConsoleSessions(
    new KyselyConsoleSessionStore(deps.database),
    deps.authenticator,
    deps.authFailures,
    deps.clock,
    deps.config.console,
  );
  const httpsPublic = deps.config.publicUrl.startsWith('https://');
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  const ctx: ConsoleContext = {
    api: new ConsoleApi(app, deps.credential),
    sessions,
    secure: (request) => httpsPublic || request.protocol === 'https' || forwardedHttps(request),
    render: (reply, request, view) =>
      reply
        .code(view.status ?? 200)
        .type('text/html; charset=utf-8')
        .send(String(page({ ...view, session: request.consoleSession }))),
    form: (request) => (request.body as FormBody | undefined) ?? { fields: {} },
    now: () => deps.clock.now(),
  };

  await app.register(async (scope) => {
    scope.decorateRequest('consoleSession', undefined as unknown as ActiveSession);
    // The encodings of the console's own forms only: a JSON, text or any other body is refused
    // (415) unread, before a handler could take it for a form. Multipart is the bulk upload's
    // (below). The server's 1 MiB limit applies to every form but that upload.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, urlEncodedForm(body as Buffer)),
    );
    scope.addHook('onRequest', async (request, reply) => {
      reply.headers(SECURITY_HEADERS);
      request.query = singleValuedQuery(request.query as Record<string, string | string[]>);
      if (!READS.has(request.method) && fromAnotherSite(request, publicOrigin)) {
        // Login CSRF: a page of another site must not sign a visitor's browser in to its own
        // account, nor post anything else; the body is not read.
        reply.header('connection', 'close');
        return sendRefusal(
          reply,
          403,
          html`<div class="notice error" role="alert"><p>This form was sent from a page of another site, so nothing was done. To sign in or make a change, open the console itself and use its pages.</p></div>`,
        );
      }
    });
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendTooLarge(reply, request.routeOptions.bodyLimit ?? UNAUTHENTICATED_BODY_LIMIT);
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return sendUnsupportedType(reply, request.headers['content-type']);
      }
      // The service's own refusals raised before a page runs (a query string whose percent-encoding
      // is malformed): the API's code and message, as a page, not a 500.
      if (error instanceof ApiError) {
        if (error.headers) reply.headers(error.headers);
        return sendCodedRefusal(reply, error.status, error.code, error.message);
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error, req_id: request.id }, 'console page failed');
      const message =
        status < 500 ? error.message : 'Something went wrong on our side; nothing was changed. Try again.';
      return sendRefusal(reply, status, html`<div class="notice error" role="alert"><p>${message}</p></div>`);
    });

    for (const asset of ASSETS) {
      scope.get(asset.path, { schema: { hide: true } }, async (request, reply) => {
        reply.header('cache-control', 'public, max-age=31536000, immutable').type(asset.type);
        reply.header('vary', 'accept-encoding');
        if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
          return reply.header('content-encoding', 'gzip').send(asset.gzip);
        }
        return reply.send(asset.body);
      });
    }
    // Every browser asks for it on its first page of the service (the docs, the status, the console).
    scope.get(FAVICON.path, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=604800').type(FAVICON.type).send(FAVICON.body),
    );

    signInPages(scope, ctx);

    // Everything below needs a session; every POST also its CSRF token.
    await scope.register(async (pages) => {
      // Who is asking is settled before the body is read: without a session nothing of it is.
      pages.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const token = tokenFromCookies(request.headers.cookie, ctx.secure(request));
        const session = await sessions.resume(token);
        if (session) {
          request.consoleSession = session;
          return;
        }
        if (token !== undefined) reply.header('set-cookie', clearedCookie(ctx.secure(request)));
        if (!READS.has(request.method)) {
          // The body stays unread: the connection closes after the answer instead of draining it.
          reply.header('connection', 'close');
          if ((declaredLength(request) ?? 0) > UNAUTHENTICATED_BODY_LIMIT) {
            return sendTooLarge(reply, UNAUTHENTICATED_BODY_LIMIT, true);
          }
        }
        return reply.redirect(`/console/sign-in${token === undefined ? '' : '?ended=1'}`, 303);
      });
      pages.addHook('preHandler', async (request, reply) => {
        if (
          request.method === 'POST' &&
          !csrfMatches(request.consoleSession, ctx.form(request).fields._csrf)
        ) {
          return sendRefusal(
            reply,
            403,
            html`<div class="notice error" role="alert"><p>This form was not sent from a console page of your session (its security token is missing or wrong), so nothing was changed.</p></div>`,
          );
        }
      });
      signOutRoute(pages, ctx);
      overviewPage(pages, ctx);
      validatePages(pages, ctx);
      decidePages(pages, ctx);
      historyPages(pages, ctx);
      // The bulk upload alone takes multipart bodies, up to its own limit (pages/bulk.ts).
      await pages.register(async (uploads) => {
        uploads.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
          const form = multipartForm(body as Buffer, request.headers['content-type'] ?? '');
          done(
            form ? null : Object.assign(new Error('The upload is not a readable form.'), { statusCode: 400 }),
            form,
          );
        });
        bulkPages(uploads, ctx);
      });
      monitorPages(pages, ctx);
      webhookPages(pages, ctx);
      accountPages(pages, ctx);
      ratesPage(pages, ctx);
    });
  });
}
