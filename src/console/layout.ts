import type { ActiveSession } from '../store/console-sessions.js';
import type { ApiErrorBody } from './api.js';
import { ASSET_PATHS } from './assets.js';
import { Html, html } from './html.js';

export const NAV = [
  ['overview', '/console', 'Overview'],
  ['validate', '/console/validate', 'Validate'],
  ['decide', '/console/decide', 'Decide'],
  ['history', '/console/history', 'History'],
  ['bulk', '/console/bulk', 'Bulk'],
  ['monitors', '/console/monitors', 'Monitors'],
  ['webhooks', '/console/webhooks', 'Webhooks'],
  ['keys', '/console/keys', 'Keys'],
  ['rates', '/console/rates', 'Rates'],
] as const;

export type Section = (typeof NAV)[number][0];

export interface Notice {
  kind: 'ok' | 'error';
  text: Html | string;
}

interface DocumentOptions {
  title: string;
  main: Html;
  header?: Html;
  /**
   * Seconds after which the page reloads itself, in a browser without script only: with script the
   * console's script updates the page in place, and a refresh the browser has read cannot be
   * cancelled by removing its element.
   */
  refreshSeconds?: number;
}

function documentOf(options: DocumentOptions): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.refreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${options.refreshSeconds}"></noscript>` : ''}
<title>${options.title} · VAT console</title>
<link rel="stylesheet" href="${ASSET_PATHS.css}">
<script src="${ASSET_PATHS.js}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${options.header ?? ''}
<main id="main" tabindex="-1">
${options.main}
</main>
</body>
</html>`;
}

export interface PageOptions {
  title: string;
  section: Section;
  session: ActiveSession;
  body: Html;
  notice?: Notice;
  refreshSeconds?: number;
}

/** A signed-in page: the key's mode on every page, the navigation, sign-out, then the content. */
export function page(options: PageOptions): Html {
  const { session } = options;
  const live = session.mode === 'live';
  const header = html`<header class="top">
<div class="brand"><a href="/console">VAT console</a></div>
<p class="mode mode-${session.mode}" data-mode="${session.mode}">${live ? 'Live key: live data' : 'Test key: test data only, no registry, no quota'} <span class="prefix">${session.key_prefix}…</span></p>
<form method="post" action="/console/sign-out" class="signout">${csrfField(session)}<button type="submit">Sign out</button></form>
<nav aria-label="Console sections"><ul>
${NAV.map(([id, href, label]) => html`<li><a href="${href}"${id === options.section ? html` aria-current="page"` : ''}>${label}</a></li>`)}
</ul></nav>
</header>`;
  const main = html`<h1>${options.title}</h1>
${options.notice ? noticeBox(options.notice) : ''}
${options.body}`;
  return documentOf({ title: options.title, main, header, refreshSeconds: options.refreshSeconds });
}

/** A page outside a session: sign-in, the CSRF refusal, errors before sign-in. */
export function barePage(title: string, body: Html): Html {
  return documentOf({
    title,
    header: html`<header class="top"><div class="brand"><a href="/console">VAT console</a></div></header>`,
    main: html`<h1>${title}</h1>${body}`,
  });
}

export function csrfField(session: ActiveSession): Html {
  return html`<input type="hidden" name="_csrf" value="${session.csrf_token}">`;
}

export function noticeBox(notice: Notice): Html {
  return notice.kind === 'error'
    ? html`<div class="notice error" role="alert">${notice.text}</div>`
    : html`<div class="notice ok" role="status">${notice.text}</div>`;
}

/** An API error in words, from the error catalogue: its message, its code and its docs page. */
export function apiError(error: ApiErrorBody): Html {
  const docs = docsPath(error.docs_url);
  return html`<div class="notice error" role="alert"><p>${error.message}</p><p class="code">Error <code>${error.code}</code>${docs ? html` · <a href="${docs}">what it means and what to do</a>` : ''}</p></div>`;
}

/** The docs page's path on this service (docs_url carries PUBLIC_URL, which may not be this host). */
function docsPath(url: string): string | undefined {
  const match = /\/docs\/errors\/[a-z_]+$/.exec(url);
  return match?.[0];
}

export function notAvailable(what: string): Html {
  return html`<div class="notice empty" role="status"><p>${what} is not available on this service yet: its API is not installed. Everything else in the console works.</p></div>`;
}

export function empty(text: Html | string): Html {
  return html`<div class="empty"><p>${text}</p></div>`;
}

export function isHtml(value: unknown): value is Html {
  return value instanceof Html;
}
