import type { FastifyInstance } from 'fastify';
import { COUNTRY_NAMES } from '../../numbers/countries.js';
import { SOURCE_NAMES } from '../../registries/names.js';
import type { Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { answeredBy, vatNumber, when } from '../format.js';
import { type Html, html, queryOf } from '../html.js';
import { apiError, empty } from '../layout.js';
import { passThrough } from './validate.js';

const FILTERS = [
  'vat_number',
  'country_code',
  'valid',
  'source',
  'channel',
  'reference',
  'from',
  'to',
  'bulk_id',
  'monitor_id',
];

type Query = Record<string, string | undefined>;

/** The filters the page was asked for, as sent (the API checks them). */
function filtersOf(query: Query): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of FILTERS) if (query[name]?.trim()) filters[name] = query[name]!.trim();
  return filters;
}

/** The country filter's choices: every served country by name, its code as the value. */
const COUNTRY_CHOICES = Object.entries(COUNTRY_NAMES)
  .map(([code, name]) => [code, `${name} (${code})`] as const)
  .sort((a, b) => a[1].localeCompare(b[1], 'en'));
const SOURCE_CHOICES = Object.entries(SOURCE_NAMES);
const plain = (options: readonly string[]) => options.map((option) => [option, option] as const);

function filterForm(filters: Record<string, string>): Html {
  const text = (name: string, label: string, type = 'text') =>
    html`<label for="f-${name}">${label}<input id="f-${name}" name="${name}" type="${type}" value="${filters[name] ?? ''}"></label>`;
  const choose = (name: string, label: string, options: ReadonlyArray<readonly [string, string]>) =>
    html`<label for="f-${name}">${label}<select id="f-${name}" name="${name}"><option value="">any</option>${options.map(([value, text]) => html`<option value="${value}"${filters[name]?.toUpperCase() === value.toUpperCase() ? html` selected` : ''}>${text}</option>`)}</select></label>`;
  return html`<form method="get" action="/console/history" class="filters" role="search" aria-label="Filter records">
${text('vat_number', 'VAT number')}${text('reference', 'Reference')}${choose('country_code', 'Country', COUNTRY_CHOICES)}
${choose('valid', 'Valid', plain(['true', 'false']))}${choose('source', 'Source', SOURCE_CHOICES)}${choose('channel', 'Channel', plain(['sync', 'batch', 'async', 'bulk', 'monitor']))}
${text('from', 'From', 'date')}${text('to', 'Before', 'date')}
<button type="submit">Filter</button> <a href="/console/history">Clear</a>
</form>`;
}

/** GET /console/history: records with filters and paging, and the CSV export of the same filters. */
export function historyPages(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get<{ Querystring: Query }>(
    '/console/history',
    { schema: { hide: true } },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      const cursor = request.query.cursor;
      const answer = await ctx.api.call(
        request.consoleSession,
        'GET',
        `/v1/validations${queryOf({ ...filters, cursor })}`,
      );
      const filtered = Object.keys(filters).length > 0;
      let list: Html;
      if (!answer.ok) list = apiError(answer.error!);
      else if (answer.body.data.length === 0)
        list = empty(
          filtered
            ? 'No records match these filters. Widen them or clear them.'
            : html`No validations yet. <a href="/console/validate">Validate a number</a> and it appears here.`,
        );
      else list = recordTable(answer.body.data, ctx.now());
      const next = answer.ok && answer.body.meta.has_more ? answer.body.meta.next_cursor : undefined;
      const body = html`${filterForm(filters)}
<p><a href="/console/history/export${queryOf(filters)}" download>Export these records as CSV</a></p>
${list}
<nav aria-label="Pages" class="pager">${cursor ? html`<a href="/console/history${queryOf(filters)}">First page</a> ` : ''}${next ? html`<a href="/console/history${queryOf({ ...filters, cursor: next })}">Next page</a>` : ''}</nav>`;
      return ctx.render(reply, request, {
        title: 'History',
        section: 'history',
        body,
        status: answer.ok ? 200 : answer.status,
      });
    },
  );

  scope.get<{ Querystring: Query }>(
    '/console/history/export',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/v1/validations/export${queryOf(filtersOf(request.query))}`;
      return passThrough(reply, await ctx.api.call(request.consoleSession, 'GET', url), ctx, request);
    },
  );
}

function recordTable(records: Json[], now: number): Html {
  return html`<div class="table"><table>
<thead><tr><th scope="col">When</th><th scope="col">VAT number</th><th scope="col">Result</th><th scope="col">Company</th><th scope="col">Source</th><th scope="col">Reference</th><th scope="col"><span class="visually-hidden">Links</span></th></tr></thead>
<tbody>${records.map(
    (record) =>
      html`<tr><td>${when(record.created_at, now)}</td><td>${vatNumber(record.vat_number)}</td><td class="${record.valid ? 'valid' : 'invalid'}">${record.valid ? 'valid' : 'not valid'}</td><td>${record.company?.name ?? '—'}</td><td>${answeredBy(record.source, record.source_status)}</td><td>${record.reference ?? '—'}</td><td><a href="/console/validations/${record.id}">Details</a> · <a href="/console/validations/${record.id}/proof.pdf" download>PDF</a></td></tr>`,
  )}</tbody></table></div>`;
}
