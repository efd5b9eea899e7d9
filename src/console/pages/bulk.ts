import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { count, when } from '../format.js';
import { type Html, html, queryOf } from '../html.js';
import { apiError, csrfField, empty, type Notice, notAvailable } from '../layout.js';
import { passThrough } from './validate.js';

/** Largest upload: a bulk file with its form around it (a session's only; without one, 1 MiB). */
export const BULK_UPLOAD_LIMIT = 64 * 1024 * 1024;

/**
 * Bulk files: upload a CSV, watch its progress, download the results. Each rendering of the upload
 * form carries a new Idempotency-Key in a hidden field, sent with the upload: the same form sent
 * twice (a double click, a resend after a lost answer) is one file, and both land on its page.
 */
export function bulkPages(scope: FastifyInstance, ctx: ConsoleContext): void {
  const available = () => ctx.api.has('POST', '/v1/bulk');
  const unavailable = (request: FastifyRequest, reply: FastifyReply) =>
    ctx.render(reply, request, { title: 'Bulk files', section: 'bulk', body: notAvailable('Bulk upload') });

  const show = async (request: FastifyRequest, reply: FastifyReply, notice?: Notice, status = 200) => {
    const session = request.consoleSession;
    const list = await ctx.api.call(session, 'GET', '/v1/bulk?limit=20');
    const body = html`<form method="post" action="/console/bulk" enctype="multipart/form-data" class="stack">${csrfField(session)}
<label for="b-file">CSV file <span class="hint">A header row naming a <code>vat_number</code> column, optionally <code>reference</code>; comma or semicolon separated, UTF-8.</span></label>
<input id="b-file" name="file" type="file" accept=".csv,text/csv" required>
<label for="b-ref">Reference for every row <span class="hint">Optional; a row’s own reference column wins.</span></label>
<input id="b-ref" name="reference" autocomplete="off">
<input type="hidden" name="idempotency_key" value="${randomUUID()}">
<button type="submit">Upload and validate</button></form>
<h2>Files</h2>
${!list.ok ? apiError(list.error!) : list.body.data.length === 0 ? empty('No files yet. Upload a CSV above; each number is checked in the background and the results are ready to download.') : fileTable(list.body.data, ctx.now())}`;
    return ctx.render(reply, request, { title: 'Bulk files', section: 'bulk', body, notice, status });
  };

  scope.get('/console/bulk', { schema: { hide: true } }, (request, reply) =>
    available() ? show(request, reply) : unavailable(request, reply),
  );

  scope.post(
    '/console/bulk',
    { schema: { hide: true }, bodyLimit: BULK_UPLOAD_LIMIT },
    async (request, reply) => {
      if (!available()) return unavailable(request, reply);
      const { fields, file } = ctx.form(request);
      if (!file || file.data.length === 0) {
        return show(request, reply, { kind: 'error', text: 'Choose a CSV file to upload.' }, 422);
      }
      const reference = fields.reference?.trim() ? fields.reference : undefined;
      const answer = await ctx.api.call(request.consoleSession, 'POST', `/v1/bulk${queryOf({ reference })}`, {
        payload: file.data,
        contentType: 'text/csv',
        headers: fields.idempotency_key ? { 'idempotency-key': fields.idempotency_key } : undefined,
      });
      if (!answer.ok)
        return show(request, reply, { kind: 'error', text: apiError(answer.error!) }, answer.status);
      return reply.redirect(`/console/bulk/${encodeURIComponent(answer.body.data.bulk_id)}`, 303);
    },
  );

  scope.get<{ Params: { id: string } }>(
    '/console/bulk/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!available()) return unavailable(request, reply);
      const id = encodeURIComponent(request.params.id);
      const answer = await ctx.api.call(request.consoleSession, 'GET', `/v1/bulk/${id}`);
      if (!answer.ok) {
        return ctx.render(reply, request, {
          title: 'Bulk file',
          section: 'bulk',
          body: apiError(answer.error!),
          status: answer.status,
        });
      }
      const progress = answer.body.data;
      const done = progress.status === 'completed';
      return ctx.render(reply, request, {
        title: `Bulk file ${progress.bulk_id}`,
        section: 'bulk',
        body: html`<div data-progress-url="/console/bulk/${id}" data-done="${done}" aria-live="polite">${progressView(progress, ctx.now())}</div><p><a href="/console/bulk">All files</a></p>`,
        refreshSeconds: done ? undefined : 2,
      });
    },
  );

  scope.get<{ Params: { id: string } }>(
    '/console/bulk/:id/results',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!available()) return unavailable(request, reply);
      const url = `/v1/bulk/${encodeURIComponent(request.params.id)}/results`;
      return passThrough(reply, await ctx.api.call(request.consoleSession, 'GET', url), ctx, request);
    },
  );
}

function progressView(progress: Json, now: number): Html {
  const accepted = Math.max(progress.accepted, 1);
  return html`<p>Status: <strong data-status="${progress.status}">${progress.status}</strong>${progress.eta_seconds ? ` · about ${count(progress.eta_seconds)} s left` : ''}</p>
<label for="bulk-progress">${count(progress.processed)} of ${count(progress.accepted)} numbers answered
<progress id="bulk-progress" max="${accepted}" value="${progress.processed}">${Math.round((progress.processed / accepted) * 100)} %</progress></label>
<dl class="facts"><dt>Rows</dt><dd>${count(progress.total)}</dd><dt>Valid format</dt><dd>${count(progress.accepted)}</dd><dt>Rejected</dt><dd>${count(progress.rejected)}</dd><dt>Answered</dt><dd>${count(progress.succeeded)}</dd><dt>Unanswered</dt><dd>${count(progress.failed)}</dd><dt>Started</dt><dd>${when(progress.created_at, now)}</dd><dt>Finished</dt><dd>${when(progress.completed_at, now)}</dd></dl>
<p><a href="/console/bulk/${progress.bulk_id}/results" download>Download the results (CSV)</a>${progress.status === 'completed' ? '' : ' · rows answered so far'}</p>`;
}

function fileTable(files: Json[], now: number): Html {
  return html`<div class="table"><table>
<thead><tr><th scope="col">File</th><th scope="col">Uploaded</th><th scope="col">Status</th><th scope="col">Rows</th><th scope="col">Answered</th><th scope="col">Results</th></tr></thead>
<tbody>${files.map(
    (file) =>
      html`<tr><td><a href="/console/bulk/${file.bulk_id}" class="mono">${file.bulk_id}</a></td><td>${when(file.created_at, now)}</td><td>${file.status}</td><td>${count(file.total)}</td><td>${count(file.processed)} of ${count(file.accepted)}</td><td><a href="/console/bulk/${file.bulk_id}/results" download>CSV</a></td></tr>`,
  )}</tbody></table></div>`;
}
