import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../accounts/authenticator.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { ActiveSession } from '../store/console-sessions.js';
import { KyselyConsoleSessionStore } from '../store/console-sessions.js';
import type { Database } from '../store/database.js';
import { ConsoleApi } from './api.js';
import { ASSETS } from './assets.js';
import { type FormBody, multipartForm, urlEncodedForm } from './forms.js';
import { type Html, html } from './html.js';
import type { InternalCredential } from './internal-credential.js';
import { barePage, type Notice, page, type Section } from './layout.js';
import { accountPages } from './pages/account.js';
import { bulkPages } from './pages/bulk.js';
import { historyPages } from './pages/history.js';
import { monitorPages } from './pages/monitors.js';
import { overviewPage } from './pages/overview.js';
import { ratesPage } from './pages/rates.js';
import { signInPages, signOutRoute } from './pages/sign-in.js';
import { validatePages } from './pages/validate.js';
import { webhookPages } from './pages/webhooks.js';
import { ConsoleSessions, clearedCookie, csrfMatches, tokenFromCookies } from './sessions.js';

/** Largest form body: a bulk upload's file with its form around it. */
export const CONSOLE_BODY_LIMIT = 64 * 1024 * 1024;

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

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ActiveSession;
  }
}

export interface ConsoleDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  authenticator: Authenticator;
  credential: InternalCredential;
}

/** What the page modules share. */
export interface ConsoleContext {
  api: ConsoleApi;
  sessions: ConsoleSessions;
  /** Whether cookies get `Secure` for this request (TLS, or a public URL that is https). */
  secure(request: FastifyRequest): boolean;
  render(reply: FastifyReply, request: FastifyRequest, view: View): FastifyReply;
  form(request: FastifyRequest): FormBody;
}

export interface View {
  title: string;
  section: Section;
  body: Html;
  notice?: Notice;
  status?: number;
  refreshSeconds?: number;
}

/** The console at /console (wave-2 H): server-rendered pages over the service's own API. */
export async function registerConsole(app: FastifyInstance, deps: ConsoleDeps): Promise<void> {
  const sessions = new ConsoleSessions(
    new KyselyConsoleSessionStore(deps.database.db),
    deps.authenticator,
    deps.clock,
    deps.config.console,
  );
  const httpsPublic = deps.config.publicUrl.startsWith('https://');
  const ctx: ConsoleContext = {
    api: new ConsoleApi(app, deps.credential),
    sessions,
    secure: (request) => httpsPublic || request.protocol === 'https',
    render: (reply, request, view) =>
      reply
        .code(view.status ?? 200)
        .type('text/html; charset=utf-8')
        .send(String(page({ ...view, session: request.consoleSession }))),
    form: (request) => (request.body as FormBody | undefined) ?? { fields: {} },
  };

  await app.register(async (scope) => {
    scope.decorateRequest('consoleSession', undefined as unknown as ActiveSession);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, urlEncodedForm(body as Buffer)),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: CONSOLE_BODY_LIMIT },
      (request, body, done) => {
        const form = multipartForm(body as Buffer, request.headers['content-type'] ?? '');
        done(
          form ? null : Object.assign(new Error('The upload is not a readable form.'), { statusCode: 400 }),
          form,
        );
      },
    );
    scope.addHook('onRequest', async (_request, reply) => {
      reply.headers(SECURITY_HEADERS);
    });
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error, req_id: request.id }, 'console page failed');
      const message =
        status === 413
          ? 'The upload is larger than the console accepts (64 MiB); split the file.'
          : status < 500
            ? error.message
            : 'Something went wrong on our side; nothing was changed. Try again.';
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          String(
            barePage(
              'Request refused',
              html`<div class="notice error" role="alert"><p>${message}</p></div><p><a href="/console">Back to the console</a></p>`,
            ),
          ),
        );
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

    signInPages(scope, ctx);

    // Everything below needs a session; every POST also its CSRF token.
    await scope.register(async (pages) => {
      pages.addHook('preHandler', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const token = tokenFromCookies(request.headers.cookie);
        const session = await sessions.resume(token);
        if (!session) {
          if (token !== undefined) reply.header('set-cookie', clearedCookie(ctx.secure(request)));
          const reason = token === undefined ? '' : '?ended=1';
          return reply.redirect(`/console/sign-in${reason}`, 303);
        }
        request.consoleSession = session;
        if (request.method === 'POST' && !csrfMatches(session, ctx.form(request).fields._csrf)) {
          return reply
            .code(403)
            .type('text/html; charset=utf-8')
            .send(
              String(
                barePage(
                  'Request refused',
                  html`<div class="notice error" role="alert"><p>This form was not sent from a console page of your session (its security token is missing or wrong), so nothing was changed.</p></div><p><a href="/console">Back to the console</a></p>`,
                ),
              ),
            );
        }
      });
      signOutRoute(pages, ctx);
      overviewPage(pages, ctx);
      validatePages(pages, ctx);
      historyPages(pages, ctx);
      bulkPages(pages, ctx);
      monitorPages(pages, ctx);
      webhookPages(pages, ctx);
      accountPages(pages, ctx);
      ratesPage(pages, ctx);
    });
  });
}
