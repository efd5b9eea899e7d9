import type { FastifyInstance } from 'fastify';
import { ApiError, ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from '../../errors.js';
import type { ValidationAnswer } from '../../validation/answer.js';
import { magicNumberAnswer, TEST_MAGIC_NUMBERS } from '../../validation/test-mode.js';
import { EXAMPLE_NOW, EXAMPLE_REQUESTER } from '../schemas/examples.js';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
code{background:#f2f2f2;padding:0 .25em;border-radius:3px}a{color:#0b57d0}table{border-collapse:collapse}
td,th{padding:.25rem .75rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}pre{background:#f2f2f2;padding:.5rem;overflow-x:auto}`;

const NAV =
  '<p><a href="/docs">API reference</a> · <a href="/docs/errors">Error codes</a> · <a href="/docs/test-mode">Test mode</a></p>';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>${body}${NAV}</body></html>`;
}

/** Markdown-ish backticks to <code>, after escaping. */
function render(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One page per error code at /docs/errors/{code}: what every `docs_url` points at (decisions section 8). */
export function errorDocsRoutes(app: FastifyInstance): void {
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) => {
    const rows = ERROR_CODES.map(
      (code) =>
        `<tr><td><a href="/docs/errors/${code}"><code>${code}</code></a></td><td>${ERROR_CATALOGUE[code].status}</td><td>${escapeHtml(ERROR_CATALOGUE[code].title)}</td></tr>`,
    ).join('');
    reply.type('text/html; charset=utf-8');
    return page(
      'Error codes',
      `<h1>Error codes</h1><p>Every failure is <code>{ "error": { "code", "message", "docs_url" }, "meta": { "request_id" } }</code>.</p>
<table><tr><th>Code</th><th>Status</th><th>Meaning</th></tr>${rows}</table>`,
    );
  });

  app.get<{ Params: { code: string } }>(
    '/docs/errors/:code',
    { schema: { hide: true } },
    async (request, reply) => {
      const { code } = request.params;
      if (!isErrorCode(code)) throw new ApiError('not_found', `No error code '${code.slice(0, 40)}'.`);
      const entry = ERROR_CATALOGUE[code];
      reply.type('text/html; charset=utf-8');
      return page(
        `${code}: ${entry.title}`,
        `<h1><code>${code}</code></h1><p><strong>HTTP ${entry.status}</strong> · ${escapeHtml(entry.title)}</p>
<p>${render(entry.explanation)}</p><p>Default message: “${render(entry.message)}”</p>`,
      );
    },
  );
}

/**
 * GET /docs/test-mode: what a test key gets for each magic number (decisions section 5). Every row
 * is the answer test mode itself gives (src/validation/test-mode.ts), so the page cannot drift
 * from it. Rendered once: it depends on nothing but the code.
 */
export function testModeDocsRoutes(app: FastifyInstance, publicUrl: string): void {
  const html = page(
    'Test mode',
    `<h1>Test mode</h1>
<p>Test keys (<code>svc_test_…</code>) work on every synchronous endpoint with the same syntax and check-digit rules as live keys, but never reach a registry, use no quota and are not cached. Answers carry <code>meta.mode: "test"</code> and <code>meta.source: "test"</code>. Each answer is kept as a test-mode record (its id in <code>meta.validation_id</code>, your <code>reference</code> with it), seen only by test keys. Trader fields (<code>trader_name</code>, <code>trader_street</code>, …) are compared with the company below, as the service compares a registry's answer (<code>data.match</code>, <code>method: "computed"</code>). These numbers give fixed answers, so you can build each case of your integration against them:</p>
<pre>curl -H "Authorization: Bearer svc_test_…" "${escapeHtml(publicUrl)}/v1/validate?vat_number=DE123456704"</pre>
<table><tr><th>Number</th><th>Answer</th><th>Company</th><th>Meta</th><th>Consultation number¹</th></tr>
${[...TEST_MAGIC_NUMBERS, EXAMPLE_REQUESTER].map(magicRow).join('\n')}
</table>
<p>¹ With a <code>requester_vat_number</code> the number's registry accepts (an EU or XI number for the EU registry, a GB number for the UK one), on the Business or Scale tier; otherwise <code>null</code>. Cached answers have no <code>consultation_number</code> member.</p>
<p>Also as with live keys: a well-formed number whose check digit is wrong is answered <code>valid: false</code> with <code>meta.source: "checksum"</code>; a Liechtenstein number is answered from its format (<code>meta.source: "format"</code>, <code>source_status: "unverified"</code>); a malformed number is 422 <a href="/docs/errors/invalid_vat_format"><code>invalid_vat_format</code></a>. Asynchronous validation needs a live key (403 <a href="/docs/errors/forbidden"><code>forbidden</code></a>); test keys have their own webhook endpoints, which receive <code>test</code> events and samples of every event (<code>POST /v1/webhooks/trigger</code>, <code>vat-service webhooks trigger</code>).</p>`,
  );
  app.get('/docs/test-mode', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return html;
  });
}

/** One row of the test-mode table: the number and the answer a test key gets for it. */
function magicRow(vatNumber: string): string {
  const magic = TEST_MAGIC_NUMBERS.includes(vatNumber);
  const number = magic
    ? `<code>${vatNumber}</code>`
    : `any other well-formed number with a right check digit, e.g. <code>${vatNumber}</code>`;
  const plain = magicNumberAnswer(vatNumber, false, EXAMPLE_NOW);
  if (plain instanceof ApiError) {
    const retry = plain.headers?.['retry-after'];
    const answer = `${plain.status} <a href="/docs/errors/${plain.code}"><code>${plain.code}</code></a>${retry ? `, <code>Retry-After: ${retry}</code>` : ''}`;
    return `<tr><td>${number}</td><td>${answer}</td><td></td><td></td><td></td></tr>`;
  }
  const withRequester = magicNumberAnswer(vatNumber, true, EXAMPLE_NOW) as ValidationAnswer;
  const { data, meta } = plain;
  const company =
    data.company === null
      ? '<code>null</code>'
      : `name: ${quoted(data.company.name)}<br>address: ${quoted(data.company.address)}`;
  const metaText = [
    `<code>cached: ${meta.cached}</code>`,
    meta.cached_at
      ? `<code>cached_at</code> ${ago(Date.parse(data.requested_at) - Date.parse(meta.cached_at))}`
      : '',
    meta.stale ? '<code>stale: true</code>' : '',
    `<code>source_status: ${meta.source_status}</code>`,
  ]
    .filter(Boolean)
    .join('<br>');
  const consultation =
    'consultation_number' in withRequester.data
      ? quoted(withRequester.data.consultation_number ?? null)
      : '—';
  return `<tr><td>${number}</td><td><code>valid: ${data.valid}</code></td><td>${company}</td><td>${metaText}</td><td>${consultation}</td></tr>`;
}

function quoted(value: string | null): string {
  return value === null ? '<code>null</code>' : `<code>"${escapeHtml(value)}"</code>`;
}

/** `3_600_000` → `one hour ago`, `259_200_000` → `3 days ago`. */
function ago(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours === 1) return 'one hour ago';
  if (hours < 48) return `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}
