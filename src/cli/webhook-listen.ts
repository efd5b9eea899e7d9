import type { Command, CommandContext } from './command.js';
import { UsageError } from './command.js';
import { untilStopped } from './lifecycle.js';
import {
  type ApiAnswer,
  CLIENT_OPTIONS,
  callService,
  refusalOf,
  type ServiceClient,
  serviceClientOf,
} from './service-client.js';
import { portOf } from './simulator.js';
import {
  type Delivery,
  type Forwarded,
  refusal,
  startWebhookListener,
  type WebhookEvent,
} from './webhook-listener.js';

/**
 * `webhooks listen`: an account's events on a developer's machine, like the Stripe CLI's `listen`.
 * It starts webhook-listener.ts on 127.0.0.1 and adds a temporary endpoint of the key's mode
 * pointing there (POST /v1/webhooks/endpoints with `expires_in`), so the service delivers to it
 * as to any endpoint; the account's other endpoints are untouched. The endpoint is a lease: the
 * CLI renews it every third of its length and removes it on exit (SIGINT, SIGTERM); one left by
 * a CLI that died expires by itself, is ignored by the service from then on and swept.
 *
 * The service must be able to reach this machine: a service on the same machine started with
 * WEBHOOK_ALLOW_LOCAL_HTTP=true, as in development. A service elsewhere cannot deliver to
 * 127.0.0.1, and would need a tunnel (or a polling channel the API does not have).
 *
 * The mode follows the key, as in the API (decisions section 7): test keys receive test events
 * and the samples of `webhooks trigger`; asynchronous results need a live key and `--mode live`.
 */

const DEFAULT_LEASE_S = 60;
const LEASE_MIN_S = 30;
const LEASE_MAX_S = 3_600;
const LOCAL_HTTP_HINT =
  'Start the service with WEBHOOK_ALLOW_LOCAL_HTTP=true (development only) so that it accepts webhook URLs on this machine.';
export const TEMPORARY_DESCRIPTION =
  'Temporary endpoint of `vat-service webhooks listen` (removed when it stops)';

interface ListenSettings {
  client: ServiceClient;
  mode: 'test' | 'live';
  port: number;
  forwardTo?: string;
  /** Kinds to subscribe to; undefined: every kind. */
  events?: string[];
  leaseSeconds: number;
}

function settingsOf(context: CommandContext): ListenSettings {
  const { option } = context;
  const mode = option('mode') ?? 'test';
  if (mode !== 'test' && mode !== 'live') throw new UsageError(`--mode must be test or live; got '${mode}'`);
  const client = serviceClientOf(context);
  if (client.keyMode !== mode) {
    throw new UsageError(
      mode === 'test'
        ? '--key is a live key: add --mode live to receive live-mode events, or use a test key'
        : '--mode live needs a live key (svc_live_…)',
    );
  }
  return {
    client,
    mode,
    port: portOf(option('port'), 0),
    forwardTo: forwardUrlOf(option('forward-to')),
    events: eventsOf(option('events')),
    leaseSeconds: leaseOf(option('lease')),
  };
}

function forwardUrlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new UsageError(
      `--forward-to must be your app's http:// or https:// URL, e.g. http://localhost:4242/webhooks; got '${value}'`,
    );
  }
  return value;
}

function eventsOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const kinds = value
    .split(',')
    .map((kind) => kind.trim())
    .filter((kind) => kind !== '');
  if (kinds.length === 0)
    throw new UsageError('--events needs at least one event kind, e.g. --events batch.completed');
  return kinds;
}

function leaseOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LEASE_S;
  const seconds = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds >= LEASE_MIN_S && seconds <= LEASE_MAX_S)) {
    throw new UsageError(`--lease must be ${LEASE_MIN_S}-${LEASE_MAX_S} seconds; got '${value}'`);
  }
  return seconds;
}

interface Endpoint {
  id: string;
  secret: string;
  events: string[];
  expiresAt: string;
}

/** POST /v1/webhooks/endpoints: the session's temporary endpoint, or a clear failure. */
async function addTemporaryEndpoint(settings: ListenSettings, url: string): Promise<Endpoint> {
  const { client } = settings;
  const answer = await callService(client, 'POST', '/v1/webhooks/endpoints', {
    url,
    description: TEMPORARY_DESCRIPTION,
    expires_in: settings.leaseSeconds,
    ...(settings.events ? { events: settings.events } : {}),
  });
  if (answer.status === 201) {
    const { id, signing_secret, events, expires_at } = answer.body.data;
    return { id, secret: signing_secret, events, expiresAt: expires_at };
  }
  throw refusal422(settings, url, answer) ?? refusalOf(client, 'POST /v1/webhooks/endpoints', answer);
}

/** What a 422 means here: the service does not take local URLs, or --events names unknown kinds. */
function refusal422(settings: ListenSettings, url: string, answer: ApiAnswer): Error | undefined {
  if (answer.status !== 422) return undefined;
  const message: string = answer.body?.error?.message ?? 'HTTP 422';
  if (message.startsWith('url:')) {
    return new Error(`The service refused the local URL ${url}: ${message}\n${LOCAL_HTTP_HINT}`);
  }
  if (message.startsWith('events:')) return new Error(`The service refused --events: ${message}`);
  return new Error(`The service refused the endpoint (${settings.client.service}): ${message}`);
}

function describeEvents(events: readonly string[]): string {
  return events.includes('*') ? 'every event' : events.join(', ');
}

/**
 * Keeps the endpoint's lease: renewed every third of its length. One that expired meanwhile (the
 * machine slept, the service was away) is replaced by a new endpoint, whose secret is printed.
 */
function keepAlive(
  context: CommandContext,
  settings: ListenSettings,
  state: { endpoint: Endpoint },
  listenerUrl: string,
  useSecret: (secret: string) => void,
): () => void {
  const { io, json } = context;
  const renew = async () => {
    const path = `/v1/webhooks/endpoints/${state.endpoint.id}`;
    try {
      const answer = await callService(settings.client, 'PATCH', path, { expires_in: settings.leaseSeconds });
      if (answer.status === 200) return;
      if (answer.status !== 404) throw refusalOf(settings.client, `PATCH ${path}`, answer);
      state.endpoint = await addTemporaryEndpoint(settings, listenerUrl);
      useSecret(state.endpoint.secret);
      const { id, secret } = state.endpoint;
      if (json) io.err(JSON.stringify({ replaced: true, endpoint_id: id, signing_secret: secret }));
      else
        io.err(
          `The temporary endpoint expired (it could not be renewed in time); a new one replaces it: ${id}, signing secret ${secret}`,
        );
    } catch (error) {
      const message = (error as Error).message;
      io.err(
        json ? JSON.stringify({ warning: message }) : `Could not renew the temporary endpoint: ${message}`,
      );
    }
  };
  const timer = setInterval(() => void renew(), (settings.leaseSeconds * 1000) / 3);
  return () => clearInterval(timer);
}

function reportDelivery(context: CommandContext, delivery: Delivery): void {
  const { io, json } = context;
  if (delivery.verified) {
    const { event, body } = delivery;
    io.out(json ? body : `verified  ${event.type}  ${event.id}  ${body}`);
    return;
  }
  const line = refusal(delivery);
  if (json) io.err(JSON.stringify({ error: line, webhook_id: delivery.webhookId }));
  else io.err(`${line} (webhook-id ${delivery.webhookId ?? 'missing'}); answered 400`);
}

function reportForward(context: CommandContext, to: string, event: WebhookEvent, outcome: Forwarded): void {
  const { io, json } = context;
  if (json) io.err(JSON.stringify({ forwarded: event.id, to, ...outcome }));
  else if ('status' in outcome) io.err(`forwarded  ${event.id}  ${to}  ${outcome.status}`);
  else io.err(`forwarded  ${event.id}  ${to}  failed: ${outcome.error}; answered 502`);
}

function reportStart(
  context: CommandContext,
  settings: ListenSettings,
  url: string,
  endpoint: Endpoint,
): void {
  const { io, json } = context;
  const { mode, forwardTo } = settings;
  if (json) {
    io.err(
      JSON.stringify({
        listening: url,
        mode,
        service: settings.client.service,
        endpoint_id: endpoint.id,
        events: endpoint.events,
        signing_secret: endpoint.secret,
        forward_to: forwardTo ?? null,
        expires_at: endpoint.expiresAt,
      }),
    );
    return;
  }
  io.err(
    `Listening on ${url} for ${describeEvents(endpoint.events)} of this key's account in ${mode} mode: temporary endpoint ${endpoint.id}, removed when this stops (other endpoints are untouched).`,
  );
  io.err(`Its signing secret: ${endpoint.secret}`);
  if (forwardTo) {
    io.err(
      `Forwarding each event to ${forwardTo} with its signature headers: your app verifies them with that secret.`,
    );
  }
  io.err('Deliveries are verified and printed below. Ctrl-C stops.');
}

/** DELETE the session's endpoint; says so, or why not (it then expires by itself). */
async function removeEndpoint(
  context: CommandContext,
  settings: ListenSettings,
  endpoint: Endpoint,
): Promise<void> {
  const { io, json } = context;
  let problem: string | undefined;
  try {
    const answer = await callService(settings.client, 'DELETE', `/v1/webhooks/endpoints/${endpoint.id}`);
    if (answer.status !== 200 && answer.status !== 404)
      problem = refusalOf(settings.client, 'DELETE', answer).message;
  } catch (error) {
    problem = (error as Error).message;
  }
  if (json)
    io.err(JSON.stringify({ stopped: true, endpoint_id: endpoint.id, removed: problem === undefined }));
  else if (problem === undefined)
    io.err(`Stopped. The temporary endpoint ${endpoint.id} was removed; other endpoints are untouched.`);
  else
    io.err(
      `Stopped. The temporary endpoint ${endpoint.id} could not be removed (${problem}); the service drops it once its lease ends, within ${settings.leaseSeconds} s.`,
    );
}

export const listen: Command = {
  path: ['webhooks', 'listen'],
  synopsis:
    '[--key KEY] [--url URL] [--port N] [--mode test|live] [--forward-to URL] [--events a,b] [--lease SECONDS]',
  summary: 'receive webhook events on this machine, verify, print and forward them (development)',
  details: [
    'Starts an HTTP server on 127.0.0.1 and adds a temporary webhook endpoint of the key’s mode',
    'pointing there (POST /v1/webhooks/endpoints on the running service); other endpoints are',
    'untouched. Every delivery’s signature is checked with that endpoint’s secret (Standard',
    'Webhooks). A verified delivery is printed on stdout, one line each: "verified", type, id and',
    'body. Any other is answered 400 and reported on stderr as "signature not verified".',
    'With --forward-to, each verified delivery is passed on to your app: the same bytes, with its',
    'webhook-id, webhook-timestamp and webhook-signature headers, so your app verifies it with the',
    'signing secret printed at start. The app’s status goes back to the service (retries follow',
    'it) and is printed on stderr. Without --forward-to, deliveries are answered 200.',
    '--events subscribes to those kinds only (default: every kind).',
    'The endpoint is a lease of --lease seconds (default 60), renewed while this runs and removed',
    'on Ctrl-C or SIGTERM; if this process dies, the service drops it once the lease ends.',
    'The service must run on this machine with WEBHOOK_ALLOW_LOCAL_HTTP=true (development only).',
    'A test key receives test events and samples (vat-service webhooks trigger KIND).',
    'Asynchronous results (validation.completed, validation.failed, batch.completed) need a live',
    'key and --mode live.',
  ],
  options: {
    ...CLIENT_OPTIONS,
    port: { type: 'string', value: 'N', description: 'local port on 127.0.0.1 (default 0: a free one)' },
    mode: {
      type: 'string',
      value: 'test|live',
      description: 'which mode’s events to receive; must match the key (default test)',
    },
    'forward-to': {
      type: 'string',
      value: 'URL',
      description: 'your app’s webhook URL: each verified delivery is forwarded there',
    },
    events: {
      type: 'string',
      value: 'a,b',
      description: 'event kinds to receive, comma-separated (default: every kind)',
    },
    lease: {
      type: 'string',
      value: 'SECONDS',
      description: `how long the temporary endpoint outlives this process (${LEASE_MIN_S}-${LEASE_MAX_S}, default ${DEFAULT_LEASE_S})`,
    },
  },
  json: 'print each verified event as its raw JSON, one per line; status, forwards and refusals as JSON on stderr',
  examples: [
    'vat-service webhooks listen --key svc_test_… --forward-to http://localhost:4242/webhooks',
    'WEBHOOK_ALLOW_LOCAL_HTTP=true vat-service serve   # the service, in another terminal',
    'vat-service webhooks listen --key svc_live_… --mode live --events validation.completed --json | jq .type',
  ],
  async run(context) {
    const settings = settingsOf(context);
    const listener = await startWebhookListener({
      port: settings.port,
      forwardTo: settings.forwardTo,
      onDelivery: (delivery) => reportDelivery(context, delivery),
      onForwarded: (event, outcome) => reportForward(context, settings.forwardTo!, event, outcome),
    });
    const state: { endpoint: Endpoint } = { endpoint: undefined as unknown as Endpoint };
    try {
      state.endpoint = await addTemporaryEndpoint(settings, listener.url);
    } catch (error) {
      await listener.close();
      throw error;
    }
    listener.useSecret(state.endpoint.secret);
    reportStart(context, settings, listener.url, state.endpoint);
    const stopRenewing = keepAlive(context, settings, state, listener.url, listener.useSecret);
    await untilStopped(context.io, async () => {
      // The endpoint goes first, so no delivery is sent to the closed listener meanwhile.
      stopRenewing();
      await removeEndpoint(context, settings, state.endpoint);
      await listener.close();
    });
    return 0;
  },
};
