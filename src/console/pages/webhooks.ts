import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiAnswer, Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { count, when } from '../format.js';
import { type Html, html, queryOf } from '../html.js';
import { apiError, csrfField, empty, type Notice } from '../layout.js';

/**
 * Webhooks: configure, rotate the secret, send a test, deliveries with their attempts, replay.
 * The signing secret is not in the page until the Reveal form (a POST with the session's CSRF
 * token) asks for it, so it is not on screen, in a screenshot or in the browser's history of GETs.
 */
export function webhookPages(scope: FastifyInstance, ctx: ConsoleContext): void {
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    notice?: Notice,
    status = 200,
    revealSecret = false,
  ) => {
    const session = request.consoleSession;
    const cursor = (request.query as Record<string, string | undefined>).cursor;
    const [config, deliveries] = await Promise.all([
      ctx.api.call(session, 'GET', '/v1/webhooks/config'),
      ctx.api.call(session, 'GET', `/v1/webhooks/deliveries${queryOf({ cursor })}`),
    ]);
    const csrf = csrfField(session);
    const configured = config.ok ? config.body.data : undefined;
    // 404 is "none configured yet"; any other error (a Free tier's 403) is shown as the API says.
    const refused = !config.ok && config.status !== 404 ? config.error : undefined;
    if (refused) {
      return ctx.render(reply, request, {
        title: 'Webhooks',
        section: 'webhooks',
        body: apiError(refused),
        notice,
        status,
      });
    }
    const next =
      deliveries.ok && deliveries.body.meta.has_more ? deliveries.body.meta.next_cursor : undefined;
    const body = html`<section aria-labelledby="config-h"><h2 id="config-h">Endpoint</h2>
${configured ? html`<dl class="facts"><dt>URL</dt><dd class="mono">${configured.url}</dd><dt>Signing secret</dt><dd>${revealSecret ? html`<code id="secret">${configured.signing_secret}</code> <button type="button" class="secondary" data-copy="secret">Copy</button> <a href="/console/webhooks">Hide</a>` : html`<span class="hint">Hidden.</span> <form method="post" action="/console/webhooks/secret" class="inline">${csrf}<button type="submit" class="secondary">Reveal the signing secret</button></form>`}</dd><dt>Deliveries</dt><dd>${configured.enabled ? 'on' : 'paused'}</dd></dl>` : empty('No webhook yet. Enter an HTTPS URL to receive validation, batch and monitor events, signed with Standard Webhooks.')}
<form method="post" action="/console/webhooks" class="stack">${csrf}
<label for="w-url">HTTPS URL<input id="w-url" name="url" type="url" required value="${configured?.url ?? ''}"></label>
<label><span><input type="checkbox" name="enabled" value="true"${configured?.enabled === false ? '' : html` checked`}> Deliver events</span></label>
<label><span><input type="checkbox" name="rotate_secret" value="true"> Rotate the signing secret</span></label>
<button type="submit">Save</button></form>
${configured ? html`<form method="post" action="/console/webhooks/test" class="inline">${csrf}<button type="submit" class="secondary">Send a test event</button></form>` : ''}
</section>
<section aria-labelledby="deliveries-h"><h2 id="deliveries-h">Deliveries</h2>
${!deliveries.ok ? apiError(deliveries.error!) : deliveries.body.data.length === 0 ? empty('No deliveries yet. Send a test event to see one here.') : deliveryTable(deliveries.body.data, csrf, ctx.now())}
${next ? html`<p><a href="/console/webhooks${queryOf({ cursor: next })}">Older deliveries</a></p>` : ''}
</section>`;
    // A deliveries page the API refused (a cursor it did not return) is answered with its status,
    // as the history page is.
    const answered = status === 200 && !deliveries.ok ? deliveries.status : status;
    return ctx.render(reply, request, {
      title: 'Webhooks',
      section: 'webhooks',
      body,
      notice,
      status: answered,
    });
  };
  const after = (request: FastifyRequest, reply: FastifyReply, answer: ApiAnswer, done: string) =>
    answer.ok
      ? show(request, reply, { kind: 'ok', text: done })
      : show(request, reply, { kind: 'error', text: apiError(answer.error!) }, answer.status);

  scope.get('/console/webhooks', { schema: { hide: true } }, (request, reply) => show(request, reply));

  scope.post('/console/webhooks', { schema: { hide: true } }, async (request, reply) => {
    const { url, enabled, rotate_secret } = ctx.form(request).fields;
    const json = { url: url ?? '', enabled: enabled === 'true', rotate_secret: rotate_secret === 'true' };
    const answer = await ctx.api.call(request.consoleSession, 'PUT', '/v1/webhooks/config', { json });
    return after(
      request,
      reply,
      answer,
      rotate_secret === 'true'
        ? 'Saved, with a new signing secret: reveal it to give it to your receiver. Deliveries carry a signature with the previous one too for 24 hours.'
        : 'Saved.',
    );
  });

  scope.post('/console/webhooks/secret', { schema: { hide: true } }, (request, reply) =>
    show(request, reply, undefined, 200, true),
  );

  scope.post('/console/webhooks/test', { schema: { hide: true } }, async (request, reply) => {
    const answer = await ctx.api.call(request.consoleSession, 'POST', '/v1/webhooks/test');
    return after(request, reply, answer, 'Test event sent; its delivery is listed below.');
  });

  scope.post<{ Params: { id: string } }>(
    '/console/webhooks/deliveries/:id/replay',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/v1/webhooks/deliveries/${encodeURIComponent(request.params.id)}/replay`;
      const answer = await ctx.api.call(request.consoleSession, 'POST', url);
      return after(request, reply, answer, 'Replayed: the new delivery is listed below.');
    },
  );

  scope.get<{ Params: { id: string } }>(
    '/console/webhooks/deliveries/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const url = `/v1/webhooks/deliveries/${encodeURIComponent(request.params.id)}`;
      const answer = await ctx.api.call(request.consoleSession, 'GET', url);
      const body = answer.ok
        ? deliveryView(answer.body.data, csrfField(request.consoleSession), ctx.now())
        : apiError(answer.error!);
      return ctx.render(reply, request, {
        title: 'Delivery',
        section: 'webhooks',
        body,
        status: answer.status,
      });
    },
  );
}

function deliveryTable(deliveries: Json[], csrf: Html, now: number): Html {
  return html`<div class="table"><table>
<thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Actions</th></tr></thead>
<tbody>${deliveries.map(
    (delivery) =>
      html`<tr><td>${when(delivery.created_at, now)}</td><td>${delivery.event}</td><td class="${delivery.status === 'failed' ? 'invalid' : delivery.status === 'delivered' ? 'valid' : ''}">${delivery.status}${delivery.failure_reason ? html`<br><span class="hint">${delivery.failure_reason}</span>` : ''}</td><td>${count(delivery.attempts)}</td><td>${delivery.last_status_code ?? '—'}</td>
<td><a href="/console/webhooks/deliveries/${delivery.id}">Attempt log</a> ${replayForm(delivery.id, csrf)}</td></tr>`,
  )}</tbody></table></div>`;
}

function replayForm(id: string, csrf: Html): Html {
  return html`<form method="post" action="/console/webhooks/deliveries/${id}/replay" class="inline">${csrf}<button type="submit" class="secondary">Replay</button></form>`;
}

function deliveryView(delivery: Json, csrf: Html, now: number): Html {
  return html`<dl class="facts"><dt>Event</dt><dd>${delivery.event} <span class="mono">${delivery.event_id}</span></dd><dt>Status</dt><dd>${delivery.status}</dd><dt>URL</dt><dd class="mono">${delivery.url ?? '—'}</dd><dt>Next attempt</dt><dd>${when(delivery.next_attempt_at, now)}</dd></dl>
${replayForm(delivery.id, csrf)}
<h2>Attempts</h2>
${delivery.attempt_log.length === 0 ? empty('No attempt yet.') : html`<ol>${delivery.attempt_log.map((attempt: Json) => html`<li>${when(attempt.at, now)}: ${attempt.status_code ?? 'no answer'} in ${count(attempt.duration_ms)} ms${attempt.error ? html` · <span class="invalid">${attempt.error}</span>` : ''}${attempt.response_body ? html`<pre>${attempt.response_body}</pre>` : ''}</li>`)}</ol>`}
<h2>Payload</h2><pre>${delivery.payload}</pre>
<p><a href="/console/webhooks">Back to webhooks</a></p>`;
}
