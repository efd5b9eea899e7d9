import type { FastifyInstance } from 'fastify';
import type { Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { count, counted, dayInWords, monthInWords, onDay, registry, when } from '../format.js';
import { type Html, html } from '../html.js';
import { apiError, notAvailable } from '../layout.js';

interface Day {
  date: string;
  validations: number;
}

/** The chart's drawing area inside its viewBox, in SVG units; the margins hold the axes' labels. */
const PLOT = { left: 52, top: 10, width: 600, height: 160 } as const;
const VIEW = { width: PLOT.left + PLOT.width + 8, height: PLOT.top + PLOT.height + 44 } as const;

/** The smallest 1, 2 or 5 times a power of ten at or above `value`: the top of the value axis. */
function axisTop(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value)!;
}

/**
 * A month's validations per day as an inline SVG bar chart with both axes labelled (validations up
 * the side, the day of the month along the bottom), the month's total written out beside it, and
 * the same figures as a table for screen readers and anyone who wants the numbers. No script, no
 * library: the page's style sheet colours it.
 */
export function dailyChart(days: readonly Day[], month: string): Html {
  const total = days.reduce((sum, day) => sum + day.validations, 0);
  const busiest = days.reduce<Day | undefined>(
    (best, day) => (best === undefined || day.validations > best.validations ? day : best),
    undefined,
  );
  const top = axisTop(busiest?.validations ?? 0);
  const slot = PLOT.width / Math.max(1, days.length);
  const bar = Math.max(2, slot - 3);
  const y = (value: number) => PLOT.top + PLOT.height - (value / top) * PLOT.height;
  const bottom = PLOT.top + PLOT.height;
  const ticks = [0, top / 2, top].filter((tick) => Number.isInteger(tick));
  // Every day's number when they fit, else the 1st and every 5th, always the last.
  const labelled = (index: number) =>
    days.length <= 16 || index === 0 || index === days.length - 1 || (index + 1) % 5 === 0;
  const monthName = monthInWords(month);
  const summary = `${counted(total, 'validation')} in ${monthName}${busiest && busiest.validations > 0 ? `; the busiest day was ${dayInWords(busiest.date)} with ${count(busiest.validations)}` : ''}.`;
  return html`<figure class="usage-chart">
<svg class="chart" viewBox="0 0 ${VIEW.width} ${VIEW.height}" role="img" aria-labelledby="chart-title chart-desc">
<title id="chart-title">Validations per day, ${monthName}</title>
<desc id="chart-desc">${summary}</desc>
${ticks.map((tick) => html`<line class="grid" x1="${PLOT.left}" x2="${PLOT.left + PLOT.width}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}"></line><text class="tick" x="${PLOT.left - 6}" y="${(y(tick) + 3).toFixed(1)}" text-anchor="end">${count(tick)}</text>`)}
${days.map((day, index) => {
  const x = PLOT.left + index * slot;
  const height = bottom - y(day.validations);
  return html`<rect x="${x.toFixed(1)}" y="${(bottom - height).toFixed(1)}" width="${bar.toFixed(1)}" height="${height.toFixed(1)}"><title>${dayInWords(day.date)}: ${count(day.validations)}</title></rect>${labelled(index) ? html`<text class="tick" x="${(x + bar / 2).toFixed(1)}" y="${bottom + 13}" text-anchor="middle">${Number(day.date.slice(8, 10))}</text>` : ''}`;
})}
<line class="axis" x1="${PLOT.left}" x2="${PLOT.left}" y1="${PLOT.top}" y2="${bottom}"></line>
<line class="axis" x1="${PLOT.left}" x2="${PLOT.left + PLOT.width}" y1="${bottom}" y2="${bottom}"></line>
<text class="axis-title" x="${PLOT.left + PLOT.width / 2}" y="${bottom + 32}" text-anchor="middle">Day of ${monthName}</text>
<text class="axis-title" x="${-(PLOT.top + PLOT.height / 2)}" y="12" transform="rotate(-90)" text-anchor="middle">Validations</text>
</svg>
<figcaption>${summary}</figcaption>
</figure>
<details><summary>The figures by day</summary><div class="table"><table class="daily">
<thead><tr><th scope="col">Day</th><th scope="col">Validations</th></tr></thead>
<tbody>${days.map((day) => html`<tr><td>${onDay(day.date)}</td><td class="number">${count(day.validations)}</td></tr>`)}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="number">${count(total)}</td></tr></tfoot>
</table></div></details>`;
}

/** GET /console: this month's usage against the quota, and the registries' status. */
export function overviewPage(scope: FastifyInstance, ctx: ConsoleContext): void {
  scope.get('/console', { schema: { hide: true } }, async (request, reply) => {
    const session = request.consoleSession;
    const [usage, status] = await Promise.all([
      ctx.api.has('GET', '/v1/usage') ? ctx.api.call(session, 'GET', '/v1/usage') : undefined,
      ctx.api.has('GET', '/v1/status') ? ctx.api.call(session, 'GET', '/v1/status') : undefined,
    ]);
    const now = ctx.now();
    const body = html`<section aria-labelledby="usage-h"><h2 id="usage-h">This month</h2>
${usage === undefined ? notAvailable('Usage') : usage.ok ? usageView(usage.body.data, session.mode) : apiError(usage.error!)}
</section>
<section aria-labelledby="status-h"><h2 id="status-h">Registries</h2>
${status === undefined ? notAvailable('Registry status') : status.ok ? statusView(status.body.data, now) : apiError(status.error!)}
</section>`;
    return ctx.render(reply, request, { title: 'Overview', section: 'overview', body });
  });
}

function usageView(usage: Json, mode: string): Html {
  const total = usage.daily.reduce((sum: number, day: Day) => sum + day.validations, 0);
  const sources = Object.entries(usage.by_source as Record<string, number>).filter(([, n]) => n > 0);
  return html`<div class="cards">
<div class="card"><p><strong>${count(usage.used)}</strong> of ${count(usage.limit)} validations used (${usage.tier} tier); ${count(usage.remaining)} left until ${onDay(usage.reset_at)}.</p>
<label for="quota">Monthly quota <meter id="quota" min="0" max="${usage.limit}" low="${Math.round(usage.limit * 0.8)}" high="${Math.round(usage.limit * 0.95)}" optimum="0" value="${usage.used}">${count(usage.used)} of ${count(usage.limit)}</meter></label>
${mode === 'test' ? html`<p class="hint">Test keys use no quota: the quota shown is the account's live one.</p>` : ''}
<p>Monitors: ${count(usage.monitors.used)} of ${count(usage.monitors.limit)}.</p></div>
<div class="card"><p>${counted(total, 'validation')} recorded with ${mode} keys in ${monthInWords(usage.month)}${sources.length ? ':' : '.'}</p>
${sources.length ? html`<ul class="sources">${sources.map(([name, n]) => html`<li>${registry(name)}: ${count(n)}</li>`)}</ul>` : ''}
${total === 0 ? html`<p>Nothing yet: <a href="/console/validate">validate a number</a> or <a href="/console/bulk">upload a file</a>.</p>` : dailyChart(usage.daily, usage.month)}</div>
</div>`;
}

function statusView(status: Json, now: number): Html {
  const registries = Object.entries(status.registries as Record<string, Json>);
  return html`<div class="table"><table><caption class="hint">As of ${when(status.generated_at, now)}</caption>
<thead><tr><th scope="col">Registry</th><th scope="col">State</th><th scope="col">Availability 24 h</th><th scope="col">Median latency</th></tr></thead>
<tbody>${registries.map(
    ([id, entry]) =>
      html`<tr><th scope="row">${registry(id)}</th><td class="state-${entry.state}">${entry.state}</td><td>${entry.availability_24h === null ? '—' : `${entry.availability_24h} %`}</td><td>${entry.latency_ms_24h?.p50 == null ? '—' : `${count(entry.latency_ms_24h.p50)} ms`}</td></tr>`,
  )}</tbody></table></div>`;
}
