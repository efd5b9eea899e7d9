import { type Command, type CommandContext, UsageError } from './command.js';
import { untilStopped } from './lifecycle.js';
import { CLIENT_OPTIONS, type ServiceClient, serviceClientOf } from './service-client.js';
import { portOf } from './simulator.js';
import { type Endpoint, type LeaseSettings, TemporaryEndpoint } from './temporary-endpoint.js';
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

export const DEFAULT_LEASE_S = 60;
const LEASE_MIN_S = 30;
const LEASE_MAX_S = 3_600;

interface ListenSettings extends LeaseSettings {
  client: ServiceClient;
  mode: 'test' | 'live';
  port: number;
  forwardTo?: string;
}

function settingsOf(context: CommandContext): ListenSettings {
  const { option } = context;
  const mode = option('mode') ?? 'test';
  if (mode !== 'test' && mode !== 'live') throw new UsageError(`--mode must be test or live; got '${mode}'`);
  const client = serviceClientOf(context, 'WEBHOOK_ALLOW_LOCAL_HTTP=true vat-service serve');
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

function describeEvents(events: readonly string[]): string {
  return events.includes('*') ? 'every event' : events.join(', ');
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

/** The last line: the endpoint removed, or why not (it then expires by itself). */
function reportStop(
  context: CommandContext,
  settings: ListenSettings,
  id: string,
  problem: string | undefined,
): void {
  const { io, json } = context;
  if (json) io.err(JSON.stringify({ stopped: true, endpoint_id: id, removed: problem === undefined }));
  else if (problem === undefined)
    io.err(`Stopped. The temporary endpoint ${id} was removed; other endpoints are untouched.`);
  else
    io.err(
      `Stopped. The temporary endpoint ${id} could not be removed (${problem}); the service drops it once its lease ends, within ${settings.leaseSeconds} s.`,
    );
}

/** A new endpoint replaced one that expired; the secret changed with it. */
function reportReplaced(context: CommandContext, { id, secret }: Endpoint): void {
  const { io, json } = context;
  if (json) io.err(JSON.stringify({ replaced: true, endpoint_id: id, signing_secret: secret }));
  else
    io.err(
      `The temporary endpoint expired (it could not be renewed in time); a new one replaces it: ${id}, signing secret ${secret}`,
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
    let endpoint: TemporaryEndpoint;
    try {
      endpoint = await TemporaryEndpoint.add(settings, listener.url);
    } catch (error) {
      await listener.close();
      throw error;
    }
    listener.useSecret(endpoint.current.secret);
    reportStart(context, settings, listener.url, endpoint.current);
    const stopRenewing = endpoint.keepAlive({
      replaced: (current) => {
        listener.useSecret(current.secret);
        reportReplaced(context, current);
      },
      failed: (message) =>
        context.io.err(
          context.json
            ? JSON.stringify({ warning: message })
            : `Could not renew the temporary endpoint: ${message}`,
        ),
    });
    await untilStopped(context.io, async () => {
      // The endpoint goes first, so no delivery is sent to the closed listener meanwhile.
      stopRenewing();
      const { id } = endpoint.current;
      reportStop(context, settings, id, await endpoint.remove());
      await listener.close();
    });
    return 0;
  },
};
