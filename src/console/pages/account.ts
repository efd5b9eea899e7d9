import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Json } from '../api.js';
import type { ConsoleContext } from '../context.js';
import { when } from '../format.js';
import { type Html, html } from '../html.js';
import { apiError, csrfField, type Notice } from '../layout.js';

/**
 * Keys: the list, a new key shown once, revocation. The key the session signed in with cannot be
 * revoked here: the console would lock itself out mid-page, so it offers no button for it and
 * refuses the form if one is sent anyway (revoke it from a session of another key, or the API).
 */
export function accountPages(scope: FastifyInstance, ctx: ConsoleContext): void {
  const show = async (request: FastifyRequest, reply: FastifyReply, notice?: Notice, status = 200) => {
    const session = request.consoleSession;
    const list = await ctx.api.call(session, 'GET', '/v1/keys');
    const csrf = csrfField(session);
    const body = list.ok
      ? html`<form method="post" action="/console/keys" class="filters">${csrf}
<label for="k-name">Name<input id="k-name" name="name" autocomplete="off" placeholder="e.g. Checkout server"></label>
<label for="k-mode">Mode<select id="k-mode" name="mode"><option value="live">live</option><option value="test">test</option></select></label>
<button type="submit">Create key</button></form>
${keyTable(list.body.data, session.key_id, csrf, ctx.now())}`
      : apiError(list.error!);
    return ctx.render(reply, request, { title: 'API keys', section: 'keys', body, notice, status });
  };

  scope.get('/console/keys', { schema: { hide: true } }, (request, reply) => show(request, reply));

  scope.post('/console/keys', { schema: { hide: true } }, async (request, reply) => {
    const { name, mode } = ctx.form(request).fields;
    const json: Record<string, string> = { mode: mode ?? 'live' };
    if (name?.trim()) json.name = name;
    const answer = await ctx.api.call(request.consoleSession, 'POST', '/v1/keys', { json });
    if (!answer.ok)
      return show(request, reply, { kind: 'error', text: apiError(answer.error!) }, answer.status);
    const created = answer.body.data;
    const text = html`<p>New ${created.mode} key${created.name ? html` “${created.name}”` : ''}. Copy it now: it is shown only this once and cannot be read again.</p>
<p><code class="secret" id="new-key">${created.key}</code> <button type="button" class="secondary" data-copy="new-key">Copy</button></p>`;
    return show(request, reply, { kind: 'ok', text });
  });

  scope.post<{ Params: { id: string } }>(
    '/console/keys/:id/revoke',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = request.consoleSession;
      if (request.params.id === session.key_id) {
        const text = html`<p>This is the key this session signed in with, so it was not revoked: the console would lose its own session. Sign in with another key of the account to revoke it.</p>`;
        return show(request, reply, { kind: 'error', text }, 409);
      }
      const answer = await ctx.api.call(
        session,
        'DELETE',
        `/v1/keys/${encodeURIComponent(request.params.id)}`,
      );
      if (!answer.ok)
        return show(request, reply, { kind: 'error', text: apiError(answer.error!) }, answer.status);
      return show(request, reply, { kind: 'ok', text: `Key ${answer.body.data.prefix}… revoked.` });
    },
  );
}

function keyTable(keys: Json[], current: string, csrf: Html, now: number): Html {
  return html`<div class="table"><table>
<thead><tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Mode</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead>
<tbody>${keys.map(
    (key) =>
      html`<tr><td class="mono">${key.prefix}…${key.id === current ? html` <strong>(this session)</strong>` : ''}</td><td>${key.name ?? '—'}</td><td>${key.mode}</td><td>${when(key.created_at, now)}</td><td>${when(key.last_used_at, now)}</td>
<td>${key.revoked_at ? html`revoked ${when(key.revoked_at, now)}` : key.id === current ? html`<span class="hint">in use by this session</span>` : html`<form method="post" action="/console/keys/${key.id}/revoke" class="inline" data-confirm="Revoke ${key.prefix}…? Requests with it are refused from now on.">${csrf}<button type="submit" class="danger">Revoke</button></form>`}</td></tr>`,
  )}</tbody></table></div>`;
}
