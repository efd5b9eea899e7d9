import type { FastifyInstance } from 'fastify';
import type { Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { countryOf, dayInWords, onDay } from '../format.js';
import { type Html, html, queryOf } from '../html.js';
import { apiError } from '../layout.js';

/** GET /console/rates: the VAT rates in force on a chosen date, by country name (A to Z). */
export function ratesPage(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get<{ Querystring: { date?: string } }>(
    '/console/rates',
    { schema: { hide: true } },
    async (request, reply) => {
      const date = request.query.date?.trim() || undefined;
      const answer = await ctx.api.call(request.consoleSession, 'GET', `/v1/rates${queryOf({ date })}`);
      const body = html`<form method="get" action="/console/rates" class="filters">
<label for="r-date">Rates in force on<input id="r-date" name="date" type="date" value="${date ?? ''}"></label>
<button type="submit">Show</button></form>
${answer.ok ? rateTable(answer.body.data) : apiError(answer.error!)}`;
      return ctx.render(reply, request, {
        // The date in words once the API has taken it; as typed when it refused it.
        title: `VAT rates${date ? ` on ${answer.ok ? dayInWords(date) : date}` : ' today'}`,
        section: 'rates',
        body,
        status: answer.ok ? 200 : answer.status,
      });
    },
  );
}

function rateTable(rates: Json[]): Html {
  const named = rates
    .map((rate) => ({ rate, name: countryOf(rate.country_code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return html`<div class="table"><table>
<thead><tr><th scope="col">Country</th><th scope="col">Standard</th><th scope="col">Other rates</th><th scope="col">Currency</th><th scope="col">In force since</th></tr></thead>
<tbody>${named.map(
    ({ rate, name }) =>
      html`<tr><th scope="row">${name} <span class="mono">${rate.country_code}</span></th><td>${rate.standard_rate} %</td><td>${rate.other_rates.map((other: { rate: number; type: string }, i: number) => html`${i ? ', ' : ''}${other.rate} % (${other.type.replace('_', ' ')})`)}</td><td>${rate.currency}</td><td>${onDay(rate.updated_at)}</td></tr>`,
  )}</tbody></table></div>`;
}
