import type { FastifyInstance } from 'fastify';
import type { Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { countryOf, onDay, vatNumber, when } from '../format.js';
import { type Html, html } from '../html.js';
import { apiError, csrfField } from '../layout.js';
import { passThrough } from './validate.js';

/**
 * Decide, beside Validate: the VAT treatment of one sale through POST /v1/decisions, shown as
 * the treatment, rate, amounts, invoice note and reasons, with the check of the buyer's number it
 * rests on and the decision's proof PDF.
 */

const KINDS = [
  ['goods', 'Goods'],
  ['services', 'Services'],
  ['digital_services', 'Digital services (telecoms, broadcasting, electronically supplied)'],
] as const;

const TREATMENTS: Record<string, string> = {
  domestic: 'Domestic: charge VAT',
  intra_community_supply: 'Intra-community supply: exempt',
  reverse_charge: 'Reverse charge: the buyer accounts for the VAT',
  distance_sale: 'Distance sale: charge VAT',
  export: 'Export: zero-rated',
  outside_scope: 'Outside the scope of EU VAT',
  not_assessed: 'Not assessed',
};

function decideForm(csrf: Html, values: Record<string, string>): Html {
  const field = (name: string, label: string, hint = '', required = false) =>
    html`<label for="${name}">${label}${hint ? html` <span class="hint">${hint}</span>` : ''}</label><input id="${name}" name="${name}" value="${values[name] ?? ''}"${required ? html` required` : ''} autocomplete="off" spellcheck="false">`;
  const box = (name: string, label: string) =>
    html`<label class="check"><input type="checkbox" id="${name}" name="${name}" value="true"${values[name] === 'true' ? html` checked` : ''}> ${label}</label>`;
  return html`<form method="post" action="/console/decide" class="stack">${csrf}
${field('seller_country', 'Seller’s country', 'e.g. DE (GR or EL for Greece)', true)}
${field('seller_vat_number', 'Seller’s VAT number', 'Shown in the invoice note (optional)')}
${box('over_threshold', 'Distance sales to consumers in other member states over EUR 10,000')}
${box('oss_registered', 'Registered for the one-stop shop')}
${field('buyer_country', 'Buyer’s country', 'e.g. FR', true)}
${field('buyer_vat_number', 'Buyer’s VAT number', 'Checked, and counted as one validation (optional)')}
${box('is_business', 'The buyer is a business')}
<label for="kind">What is sold</label><select id="kind" name="kind">${KINDS.map(([value, label]) => html`<option value="${value}"${values.kind === value ? html` selected` : ''}>${label}</option>`)}</select>
${field('category', 'Rate category', 'e.g. foodstuffs, accommodation (optional; standard rate without)')}
${field('date', 'Date of the sale', 'YYYY-MM-DD (optional; today)')}
${field('amount', 'Net amount', 'e.g. 100.00 (optional)')}
${field('currency', 'Currency', 'ISO 4217, e.g. EUR (with an amount)')}
${field('reference', 'Reference', 'Your own id for the invoice (optional)')}
<button type="submit">Decide</button>
</form>`;
}

/** The request body from the form: only what was filled in. */
function bodyOf(fields: Record<string, string>): Json {
  const text = (name: string) => fields[name]?.trim() || undefined;
  const flag = (name: string) => (fields[name] === 'true' ? true : undefined);
  const amount = text('amount');
  return {
    seller: {
      country_code: text('seller_country') ?? '',
      vat_number: text('seller_vat_number'),
      eu_distance_sales_over_threshold: flag('over_threshold'),
      oss_registered: flag('oss_registered'),
    },
    buyer: {
      country_code: text('buyer_country') ?? '',
      vat_number: text('buyer_vat_number'),
      is_business: flag('is_business'),
    },
    supply: { kind: text('kind') ?? 'goods', category: text('category') },
    date: text('date'),
    amount: amount === undefined ? undefined : { net: amount, currency: text('currency') ?? '' },
    reference: text('reference'),
  };
}

export function decidePages(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get('/console/decide', { schema: { hide: true } }, async (request, reply) =>
    ctx.render(reply, request, {
      title: 'Decide the VAT of a sale',
      section: 'decide',
      body: decideForm(csrfField(request.consoleSession), {}),
    }),
  );

  scope.post('/console/decide', { schema: { hide: true } }, async (request, reply) => {
    const { fields } = ctx.form(request);
    const answer = await ctx.api.call(request.consoleSession, 'POST', '/v1/decisions', {
      json: bodyOf(fields),
    });
    const body = html`${answer.ok ? decisionView(answer.body.data, ctx.now()) : apiError(answer.error!)}
<h2>Decide another</h2>
${decideForm(csrfField(request.consoleSession), answer.ok ? {} : fields)}`;
    return ctx.render(reply, request, {
      title: 'Decide the VAT of a sale',
      section: 'decide',
      body,
      status: answer.ok ? 200 : answer.status,
    });
  });

  scope.get<{ Params: { id: string } }>(
    '/console/decisions/:id/proof.pdf',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/v1/decisions/${encodeURIComponent(request.params.id)}/proof?format=pdf`;
      return passThrough(reply, await ctx.api.call(request.consoleSession, 'GET', url), ctx, request);
    },
  );
}

function decisionView(decision: Json, now: number): Html {
  const rate =
    decision.rate === null ? '—' : `${decision.rate} % (${String(decision.rate_type).replace('_', ' ')})`;
  const buyer = decision.buyer_validation;
  const amount = decision.amount;
  return html`<section class="card" aria-labelledby="decision-h"><h2 id="decision-h">${TREATMENTS[decision.treatment] ?? decision.treatment}</h2>
<dl class="facts">
<dt>Charge VAT</dt><dd>${decision.charge_vat === null ? 'not assessed' : decision.charge_vat ? 'yes' : 'no'}</dd>
<dt>VAT of</dt><dd>${decision.vat_country ? `${countryOf(decision.vat_country)} (${decision.vat_country})` : '—'}</dd>
<dt>Rate</dt><dd>${rate}</dd>
${amount ? html`<dt>Amounts</dt><dd>net ${amount.net} · VAT ${amount.vat} · gross ${amount.gross} ${amount.currency}</dd>` : ''}
<dt>Date of the sale</dt><dd>${onDay(decision.date)}</dd>
<dt>Legal basis</dt><dd>${decision.legal_basis.length ? decision.legal_basis.join('; ') : '—'}</dd>
<dt>Buyer’s number</dt><dd>${buyer ? html`${vatNumber(decision.buyer.vat_number)}: ${buyer.valid ? 'valid' : 'not valid'} (${buyer.source_status}, checked ${when(buyer.checked_at, now)}) · <a href="/console/validations/${buyer.validation_id}">record</a>` : 'no check'}</dd>
<dt>Reference</dt><dd>${decision.reference ?? '—'}</dd>
<dt>Decision</dt><dd class="mono">${decision.id}</dd>
</dl>
<h3>Invoice note</h3>
<pre class="note" lang="${String(decision.invoice_note.language).split(',')[0]}">${decision.invoice_note.text}</pre>
${decision.reasons.length ? html`<h3>Reasons</h3><ul class="reasons">${decision.reasons.map((reason: string) => html`<li>${reason}</li>`)}</ul>` : ''}
<p><a href="/console/decisions/${decision.id}/proof.pdf" download>Proof PDF</a></p>
</section>`;
}
