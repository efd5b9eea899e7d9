import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiAnswer, Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { answeredBy, count, registry, vatNumber, when } from '../format.js';
import { type Html, html, queryOf } from '../html.js';
import { apiError, csrfField } from '../layout.js';

const TRADER_FIELDS = [
  ['trader_name', 'Company name'],
  ['trader_street', 'Street'],
  ['trader_postcode', 'Postcode'],
  ['trader_city', 'City'],
  ['trader_company_type', 'Company type'],
] as const;

const FORM_FIELDS = [
  'vat_number',
  'reference',
  'requester_vat_number',
  ...TRADER_FIELDS.map(([name]) => name),
];

function validateForm(csrf: Html, values: Record<string, string>): Html {
  const field = (name: string, label: string, hint = '') =>
    html`<label for="${name}">${label}${hint ? html` <span class="hint">${hint}</span>` : ''}</label><input id="${name}" name="${name}" value="${values[name] ?? ''}" autocomplete="off">`;
  return html`<form method="post" action="/console/validate" class="stack">${csrf}
<label for="vat_number">VAT number <span class="hint">With its country prefix, e.g. DE123456704</span></label>
<input id="vat_number" name="vat_number" value="${values.vat_number ?? ''}" required autocomplete="off" spellcheck="false">
${field('reference', 'Reference', 'Your own id for the customer or order (optional)')}
${field('requester_vat_number', 'Your VAT number', 'For a consultation number (Business and Scale; optional)')}
<fieldset><legend>Trader details to compare (optional)</legend>
${TRADER_FIELDS.map(([name, label]) => field(name, label))}
</fieldset>
<button type="submit">Validate</button>
</form>`;
}

/** Validate, one record with its evidence, and its proof PDF (through the console). */
export function validatePages(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get('/console/validate', { schema: { hide: true } }, async (request, reply) =>
    ctx.render(reply, request, {
      title: 'Validate a number',
      section: 'validate',
      body: validateForm(csrfField(request.consoleSession), {}),
    }),
  );

  scope.post('/console/validate', { schema: { hide: true } }, async (request, reply) => {
    const { fields } = ctx.form(request);
    const params: Record<string, string> = {};
    for (const name of FORM_FIELDS) if (fields[name]?.trim()) params[name] = fields[name];
    const answer = await ctx.api.call(request.consoleSession, 'GET', `/v1/validate${queryOf(params)}`);
    const body = html`${answer.ok ? answerView(answer, ctx.now()) : apiError(answer.error!)}
<h2>Validate another</h2>
${validateForm(csrfField(request.consoleSession), answer.ok ? {} : fields)}`;
    return ctx.render(reply, request, {
      title: 'Validate a number',
      section: 'validate',
      body,
      status: answer.ok ? 200 : answer.status,
    });
  });

  scope.get<{ Params: { id: string } }>(
    '/console/validations/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = request.params.id;
      const answer = await ctx.api.call(
        request.consoleSession,
        'GET',
        `/v1/validations/${encodeURIComponent(id)}`,
      );
      const body = answer.ok ? recordView(answer.body.data, ctx.now()) : apiError(answer.error!);
      return ctx.render(reply, request, {
        title: `Record ${id}`,
        section: 'history',
        body,
        status: answer.status,
      });
    },
  );

  scope.get<{ Params: { id: string } }>(
    '/console/validations/:id/proof.pdf',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/v1/validations/${encodeURIComponent(request.params.id)}/proof?format=pdf`;
      return passThrough(reply, await ctx.api.call(request.consoleSession, 'GET', url), ctx, request);
    },
  );
}

/** A file answer (PDF, CSV) handed on as the API sent it; an error as a console page. */
export function passThrough(
  reply: FastifyReply,
  answer: ApiAnswer,
  ctx: ConsoleContext,
  request: Parameters<ConsoleContext['render']>[1],
): FastifyReply {
  if (!answer.ok) {
    return ctx.render(reply, request, {
      title: 'Download failed',
      section: 'history',
      body: apiError(answer.error!),
      status: answer.status,
    });
  }
  for (const name of ['content-type', 'content-disposition']) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, String(value));
  }
  return reply.code(answer.status).send(answer.raw);
}

function answerView(answer: Json, now: number): Html {
  const { data, meta } = answer.body;
  const id = meta.validation_id as string | undefined;
  return html`<section class="card" aria-labelledby="result-h"><h2 id="result-h">Result: <span class="${data.valid ? 'valid' : 'invalid'}">${data.valid ? 'valid' : 'not valid'}</span></h2>
<dl class="facts">
<dt>VAT number</dt><dd>${vatNumber(data.vat_number)}</dd>
<dt>Company</dt><dd>${data.company?.name ?? '—'}</dd>
<dt>Address</dt><dd>${data.company?.address ?? '—'}</dd>
<dt>Source</dt><dd>${answeredBy(meta.source, meta.source_status)}${meta.cached ? html`, answered ${when(meta.cached_at, now)}` : ''}${meta.stale ? ' (stale)' : ''}</dd>
<dt>Consultation number</dt><dd class="mono">${data.consultation_number ?? '—'}</dd>
<dt>Reference</dt><dd>${meta.reference ?? '—'}</dd>
${data.match ? html`<dt>Match</dt><dd>${matchView(data.match)}</dd>` : ''}
</dl>
${id ? html`<p><a href="/console/validations/${id}">Record and evidence</a> · <a href="/console/validations/${id}/proof.pdf" download>Proof PDF</a></p>` : ''}
</section>`;
}

function matchView(match: Record<string, string>): Html {
  return html`<ul>${Object.entries(match).map(([field, value]) => html`<li>${field}: <strong>${value}</strong></li>`)}</ul>`;
}

function recordView(record: Json, now: number): Html {
  const evidence = record.evidence;
  return html`<dl class="facts">
<dt>VAT number</dt><dd>${vatNumber(record.vat_number)}</dd>
<dt>Result</dt><dd class="${record.valid ? 'valid' : 'invalid'}">${record.valid ? 'valid' : 'not valid'}</dd>
<dt>Company</dt><dd>${record.company?.name ?? '—'}</dd>
<dt>Address</dt><dd>${record.company?.address ?? '—'}</dd>
<dt>Source</dt><dd>${answeredBy(record.source, record.source_status)}</dd>
<dt>Channel</dt><dd>${record.channel}</dd>
<dt>Reference</dt><dd>${record.reference ?? '—'}</dd>
<dt>Requested</dt><dd>${when(record.requested_at ?? record.created_at, now)}</dd>
<dt>Request id</dt><dd class="mono">${record.request_id}</dd>
${record.match ? html`<dt>Match</dt><dd>${matchView(record.match)}</dd>` : ''}
<dt>Record hash</dt><dd class="mono">${record.ledger?.record_hash ?? '—'}</dd>
<dt>Seal</dt><dd class="mono">${record.ledger?.seal_id ?? 'not sealed yet'}</dd>
</dl>
<p><a href="/console/validations/${record.id}/proof.pdf" download>Download the proof PDF</a></p>
<h2>Evidence</h2>
${
  evidence
    ? html`${evidence.integrity === 'mismatch' ? html`<div class="notice error" role="alert"><p>This stored registry exchange no longer matches the hash it was kept with: it was changed after the check, and the reply below cannot be relied on as what the registry sent.</p></div>` : ''}<dl class="facts"><dt>Registry</dt><dd>${registry(evidence.registry)}</dd><dt>Call</dt><dd class="mono">${evidence.method} ${evidence.url}</dd><dt>Answered</dt><dd>HTTP ${evidence.response.status} in ${count(evidence.duration_ms)} ms</dd><dt>Reply SHA-256</dt><dd class="mono">${evidence.response_sha256}</dd><dt>Stored bytes</dt><dd>${evidence.integrity === 'mismatch' ? 'changed: they no longer match their hashes' : 'unchanged: they match their hashes'}</dd></dl>
<h3>Request sent</h3><pre>${evidence.request}</pre>
<h3>Reply received${evidence.response.truncated ? ' (first 64 KiB)' : ''}</h3><pre>${evidence.response.body}</pre>`
    : html`<p class="empty">No registry exchange: this answer came from the check digits, the format, or test mode.</p>`
}`;
}
