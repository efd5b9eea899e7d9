import type { FastifyInstance } from 'fastify';
import type { Json } from '../api.js';
import { type Html, html } from '../html.js';
import { apiError, notAvailable } from '../layout.js';
import type { ConsoleContext } from '../plugin.js';

interface Day {
  date: string;
  validations: number;
}

/** This month's validations per day as an inline SVG bar chart (no script, no library). */
export function dailyChart(days: readonly Day[]): Html {
  const width = 620;
  const height = 160;
  const top = Math.max(1, ...days.map((day) => day.validations));
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(2, slot - 3);
  return html`<svg class="chart" viewBox="0 0 ${width} ${height + 14}" role="img" aria-labelledby="chart-title">
<title id="chart-title">Validations per day this month; the highest day had ${top}</title>
${days.map((day, index) => {
  const h = Math.round((day.validations / top) * height);
  return html`<rect x="${(index * slot).toFixed(1)}" y="${height - h}" width="${bar.toFixed(1)}" height="${h}"><title>${day.date}: ${day.validations}</title></rect>`;
})}
${days.length > 0 ? html`<text x="0" y="${height + 12}">${days[0].date}</text><text x="${width}" y="${height + 12}" text-anchor="end">${days[days.length - 1].date}</text>` : ''}
</svg>`;
}

/** GET /console: this month's usage against the quota, and the registries' status. */
export function overviewPage(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get('/console', { schema: { hide: true } }, async (request, reply) => {
    const session = request.consoleSession;
    const [usage, status] = await Promise.all([
      ctx.api.has('GET', '/v1/usage') ? ctx.api.call(session, 'GET', '/v1/usage') : undefined,
      ctx.api.has('GET', '/v1/status') ? ctx.api.call(session, 'GET', '/v1/status') : undefined,
    ]);
    const body = html`<section aria-labelledby="usage-h"><h2 id="usage-h">This month</h2>
${usage === undefined ? notAvailable('Usage') : usage.ok ? usageView(usage.body.data, session.mode) : apiError(usage.error!)}
</section>
<section aria-labelledby="status-h"><h2 id="status-h">Registries</h2>
${status === undefined ? notAvailable('Registry status') : status.ok ? statusView(status.body.data) : apiError(status.error!)}
</section>`;
    return ctx.render(reply, request, { title: 'Overview', section: 'overview', body });
  });
}

function usageView(usage: Json, mode: string): Html {
  const total = usage.daily.reduce((sum: number, day: Day) => sum + day.validations, 0);
  const sources = Object.entries(usage.by_source as Record<string, number>).filter(([, n]) => n > 0);
  return html`<div class="cards">
<div class="card"><p><strong>${usage.used.toLocaleString('en')}</strong> of ${usage.limit.toLocaleString('en')} validations used (${usage.tier} tier); ${usage.remaining.toLocaleString('en')} left until ${usage.reset_at.slice(0, 10)}.</p>
<label for="quota">Monthly quota <meter id="quota" min="0" max="${usage.limit}" low="${Math.round(usage.limit * 0.8)}" high="${Math.round(usage.limit * 0.95)}" optimum="0" value="${usage.used}">${usage.used} of ${usage.limit}</meter></label>
${mode === 'test' ? html`<p class="hint">Test keys use no quota: the quota shown is the account's live one.</p>` : ''}
<p>Monitors: ${usage.monitors.used} of ${usage.monitors.limit}.</p></div>
<div class="card"><p>${total.toLocaleString('en')} validations recorded with ${mode} keys in ${usage.month}${sources.length ? ':' : '.'} ${sources.map(([name, n], i) => html`${i ? ', ' : ''}${name} ${n}`)}</p>
${total === 0 ? html`<p>Nothing yet: <a href="/console/validate">validate a number</a> or <a href="/console/bulk">upload a file</a>.</p>` : dailyChart(usage.daily)}</div>
</div>`;
}

function statusView(status: Json): Html {
  const registries = Object.entries(status.registries as Record<string, Json>);
  return html`<div class="table"><table><caption class="hint">As of ${status.generated_at}</caption>
<thead><tr><th scope="col">Registry</th><th scope="col">State</th><th scope="col">Availability 24 h</th><th scope="col">Median latency</th></tr></thead>
<tbody>${registries.map(
    ([name, registry]) =>
      html`<tr><th scope="row">${name}</th><td class="state-${registry.state}">${registry.state}</td><td>${registry.availability_24h === null ? '—' : `${registry.availability_24h} %`}</td><td>${registry.latency_ms_24h?.p50 == null ? '—' : `${registry.latency_ms_24h.p50} ms`}</td></tr>`,
  )}</tbody></table></div>`;
}
