import type { FastifyInstance } from 'fastify';
import { ApiError, ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from '../../errors.js';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
code{background:#f2f2f2;padding:0 .25em;border-radius:3px}a{color:#0b57d0}table{border-collapse:collapse}
td,th{padding:.25rem .75rem;border-bottom:1px solid #ddd;text-align:left}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>${body}</body></html>`;
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
<table><tr><th>Code</th><th>Status</th><th>Meaning</th></tr>${rows}</table><p><a href="/docs">API reference</a></p>`,
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
<p>${render(entry.explanation)}</p><p>Default message: “${render(entry.message)}”</p>
<p><a href="/docs/errors">All error codes</a> · <a href="/docs">API reference</a></p>`,
      );
    },
  );
}
