import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiAnswer, Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { vatNumber, when } from '../format.js';
import { type Html, html } from '../html.js';
import { apiError, csrfField, empty, type Notice, notAvailable } from '../layout.js';

/** Monitors: add, pause or resume, check now, remove, and the latest monitor checks. */
export function monitorPages(scope: FastifyInstance, ctx: ConsoleContext): void {
  const show = async (request: FastifyRequest, reply: FastifyReply, notice?: Notice, status = 200) => {
    const session = request.consoleSession;
    if (!ctx.api.has('GET', '/v1/monitors')) {
      return ctx.render(reply, request, {
        title: 'Monitors',
        section: 'monitors',
        body: notAvailable('Monitoring'),
      });
    }
    const [list, checks] = await Promise.all([
      ctx.api.call(session, 'GET', '/v1/monitors?limit=100'),
      ctx.api.call(session, 'GET', '/v1/validations?channel=monitor&limit=10'),
    ]);
    const csrf = csrfField(session);
    const body = html`<form method="post" action="/console/monitors" class="filters">${csrf}
<label for="m-vat">VAT number<input id="m-vat" name="vat_number" required autocomplete="off"></label>
<label for="m-interval">Check<select id="m-interval" name="interval"><option>daily</option><option selected>weekly</option><option>monthly</option></select></label>
<label for="m-ref">Reference<input id="m-ref" name="reference" autocomplete="off"></label>
<button type="submit">Add monitor</button></form>
<h2>Monitored numbers</h2>
${!list.ok ? apiError(list.error!) : list.body.data.length === 0 ? empty('No monitors yet. Add a customer’s number above and it is re-checked on schedule; a change is shown here and sent as a monitor.changed webhook.') : monitorTable(list.body.data, csrf, ctx.now())}
<h2>Latest checks</h2>
${checks.ok && checks.body.data.length > 0 ? checkList(checks.body.data, ctx.now()) : empty('No checks yet: the first check of a new monitor runs at once.')}`;
    return ctx.render(reply, request, { title: 'Monitors', section: 'monitors', body, notice, status });
  };
  const after = (request: FastifyRequest, reply: FastifyReply, answer: ApiAnswer, done: string) =>
    answer.ok
      ? show(request, reply, { kind: 'ok', text: done })
      : show(request, reply, { kind: 'error', text: apiError(answer.error!) }, answer.status);

  scope.get('/console/monitors', { schema: { hide: true } }, (request, reply) => show(request, reply));

  scope.post('/console/monitors', { schema: { hide: true } }, async (request, reply) => {
    const { vat_number, interval, reference } = ctx.form(request).fields;
    const json: Record<string, string> = { vat_number: vat_number ?? '', interval: interval ?? 'weekly' };
    if (reference?.trim()) json.reference = reference;
    const answer = await ctx.api.call(request.consoleSession, 'POST', '/v1/monitors', { json });
    return after(request, reply, answer, `Monitoring ${answer.body?.data?.vat_number ?? ''}.`);
  });

  scope.post<{ Params: { id: string } }>(
    '/console/monitors/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/v1/monitors/${encodeURIComponent(request.params.id)}`;
      const session = request.consoleSession;
      const action = ctx.form(request).fields.action;
      if (action === 'pause' || action === 'resume') {
        const json = { status: action === 'pause' ? 'paused' : 'active' };
        const answer = await ctx.api.call(session, 'PATCH', url, { json });
        return after(request, reply, answer, action === 'pause' ? 'Monitor paused.' : 'Monitor resumed.');
      }
      if (action === 'check')
        return after(request, reply, await ctx.api.call(session, 'POST', `${url}/check`), 'Checked now.');
      if (action === 'remove')
        return after(request, reply, await ctx.api.call(session, 'DELETE', url), 'Monitor removed.');
      return show(request, reply, { kind: 'error', text: 'Unknown action.' }, 422);
    },
  );
}

function monitorTable(monitors: Json[], csrf: Html, now: number): Html {
  return html`<div class="table"><table>
<thead><tr><th scope="col">VAT number</th><th scope="col">Interval</th><th scope="col">Status</th><th scope="col">Last result</th><th scope="col">Last checked</th><th scope="col">Next check</th><th scope="col">Actions</th></tr></thead>
<tbody>${monitors.map((monitor) => {
    const action = (name: string, label: string, extra = html``) =>
      html`<form method="post" action="/console/monitors/${monitor.id}" class="inline"${extra}>${csrf}<input type="hidden" name="action" value="${name}"><button type="submit" class="${name === 'remove' ? 'danger' : 'secondary'}">${label}</button></form>`;
    const result = monitor.last_result;
    return html`<tr><td>${vatNumber(monitor.vat_number)}${monitor.reference ? html`<br><span class="hint">${monitor.reference}</span>` : ''}</td><td>${monitor.interval}</td><td>${monitor.status}</td>
<td>${result ? html`<span class="${result.valid ? 'valid' : 'invalid'}">${result.valid ? 'valid' : 'not valid'}</span> ${result.company?.name ?? ''}` : '—'}${monitor.last_error ? html`<br><span class="invalid">${monitor.last_error.message}</span>` : ''}</td>
<td>${when(monitor.last_checked_at, now)}</td><td>${when(monitor.next_check_at, now)}</td>
<td>${monitor.status === 'active' ? action('pause', 'Pause') : action('resume', 'Resume')} ${action('check', 'Check now')} ${action('remove', 'Remove', html` data-confirm="Stop monitoring ${monitor.vat_number}?"`)}</td></tr>`;
  })}</tbody></table></div>`;
}

function checkList(records: Json[], now: number): Html {
  return html`<ul>${records.map((record) => html`<li>${when(record.created_at, now)}: <a href="/console/validations/${record.id}">${vatNumber(record.vat_number)}</a> <span class="${record.valid ? 'valid' : 'invalid'}">${record.valid ? 'valid' : 'not valid'}</span> ${record.company?.name ?? ''}</li>`)}</ul>`;
}
