import { KEY_PATTERN } from '../accounts/keys.js';
import { type Command, type CommandContext, type CommandGroup, UsageError } from './command.js';
import { untilStopped } from './lifecycle.js';
import { portOf } from './simulator.js';
import { type Delivery, refusal, startWebhookListener } from './webhook-listener.js';

/**
 * `webhooks listen`: webhook deliveries on a developer's machine, like the Stripe CLI's `listen`.
 * A client of the running service (its own API with the account's key, never its database): it
 * starts webhook-listener.ts on 127.0.0.1, points the webhook of the key's mode at it with PUT
 * /v1/webhooks/config and prints every delivery it verifies with the secret from that answer.
 *
 * The mode follows the key, as in the API (decisions section 7). Test keys get only the `test`
 * event (POST /v1/webhooks/test); asynchronous results (validation.completed, validation.failed,
 * batch.completed) need a live key, because asynchronous validation refuses test keys (decisions
 * section 4). So `--mode live` is there, and it must be asked for: it re-points the account's live
 * webhook. Nothing is restored on exit; the previous URL is printed at start so it can be put back.
 */

const DEFAULT_SERVICE_URL = 'http://localhost:3000';
const LOCAL_HTTP_HINT =
  'Start the service with WEBHOOK_ALLOW_LOCAL_HTTP=true (development only) so that it accepts webhook URLs on this machine.';

type Mode = 'test' | 'live';

interface ListenSettings {
  key: string;
  mode: Mode;
  service: string;
  port: number;
}

function settingsOf({ option, env }: CommandContext): ListenSettings {
  const mode = option('mode') ?? 'test';
  if (mode !== 'test' && mode !== 'live') throw new UsageError(`--mode must be test or live; got '${mode}'`);
  const key = option('key') ?? env.VAT_SERVICE_KEY;
  if (key === undefined || key === '') throw new UsageError('--key is required (or set VAT_SERVICE_KEY)');
  const keyMode = KEY_PATTERN.exec(key)?.[1];
  if (!keyMode) throw new UsageError('--key is not a vat-service API key (svc_test_… or svc_live_…)');
  if (keyMode !== mode) {
    throw new UsageError(
      mode === 'test'
        ? '--key is a live key: add --mode live to point the live-mode webhook here, or use a test key'
        : '--mode live needs a live key (svc_live_…)',
    );
  }
  const service = option('url') ?? DEFAULT_SERVICE_URL;
  let parsed: URL;
  try {
    parsed = new URL(service);
  } catch {
    throw new UsageError(
      `--url must be the service's base URL, e.g. ${DEFAULT_SERVICE_URL}; got '${service}'`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url must be an http:// or https:// URL; got '${service}'`);
  }
  return { key, mode, service: service.replace(/\/+$/, ''), port: portOf(option('port'), 0) };
}

interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the service's JSON envelope, read by member
  body: any;
}

async function callService(
  settings: ListenSettings,
  method: 'GET' | 'PUT',
  body?: unknown,
): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(`${settings.service}/v1/webhooks/config`, {
      method,
      headers: {
        authorization: `Bearer ${settings.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Error(
      `Could not reach the service at ${settings.service} (${why}). Is it running? Start it with WEBHOOK_ALLOW_LOCAL_HTTP=true vat-service serve, or pass --url.`,
    );
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: undefined };
  }
}

/** PUT /v1/webhooks/config; returns the signing secret and the URL it replaced, or throws a clear failure. */
async function pointWebhookAt(
  settings: ListenSettings,
  url: string,
): Promise<{ secret: string; previous: string | null }> {
  const before = await callService(settings, 'GET');
  const previous = before.status === 200 ? (before.body?.data?.url ?? null) : null;
  const put = await callService(settings, 'PUT', { url, enabled: true });
  if (put.status === 200 && typeof put.body?.data?.signing_secret === 'string') {
    return { secret: put.body.data.signing_secret, previous };
  }
  const code: string | undefined = put.body?.error?.code;
  const message: string = put.body?.error?.message ?? `HTTP ${put.status}`;
  if (put.status === 422 && code === 'validation_error') {
    throw new Error(`The service refused the local URL ${url}: ${message}\n${LOCAL_HTTP_HINT}`);
  }
  if (put.status === 401) {
    throw new Error(
      `The service refused the key (401 ${code ?? ''}): check --key or VAT_SERVICE_KEY, and --url.`,
    );
  }
  if (code === 'tier_insufficient') {
    throw new Error(`${message} Webhooks need the pro tier or above: vat-service accounts set-tier ID pro`);
  }
  throw new Error(`PUT ${settings.service}/v1/webhooks/config answered ${put.status}: ${message}`);
}

function report(context: CommandContext, delivery: Delivery): void {
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

const listen: Command = {
  path: ['webhooks', 'listen'],
  synopsis: '[--key KEY] [--url URL] [--port N] [--mode test|live]',
  summary: 'receive webhook deliveries on this machine, verify and print them (development)',
  details: [
    'Starts an HTTP server on 127.0.0.1, points the webhook of the key’s account and mode at it',
    '(PUT /v1/webhooks/config on the running service) and checks every delivery’s signature with',
    'the secret from that answer (Standard Webhooks). A verified delivery is answered 200 and printed',
    'on stdout, one line each: "verified", type, id and body. Any other is answered 400 and reported',
    'on stderr as "signature not verified". Status lines go to stderr.',
    'The service must run with WEBHOOK_ALLOW_LOCAL_HTTP=true (development only) to accept the URL.',
    'A test key receives the test event (POST /v1/webhooks/test). Asynchronous results',
    '(validation.completed, validation.failed, batch.completed) need a live key and --mode live.',
    'Ctrl-C or SIGTERM stops it. The webhook is not restored: it keeps pointing at the stopped',
    'listener, so its deliveries fail (and are retried) until it is pointed elsewhere or listen runs',
    'again. The URL it had before is printed at start.',
  ],
  options: {
    key: {
      type: 'string',
      value: 'KEY',
      description:
        'an API key of the account (default: $VAT_SERVICE_KEY); svc_test_… or, with --mode live, svc_live_…',
    },
    url: {
      type: 'string',
      value: 'URL',
      description: `the running service (default ${DEFAULT_SERVICE_URL})`,
    },
    port: { type: 'string', value: 'N', description: 'local port on 127.0.0.1 (default 0: a free one)' },
    mode: {
      type: 'string',
      value: 'test|live',
      description: 'which webhook to point here; must match the key (default test)',
    },
  },
  json: 'print each verified event as its raw JSON, one per line; status and refusals as JSON on stderr',
  examples: [
    'vat-service webhooks listen --key svc_test_…',
    'WEBHOOK_ALLOW_LOCAL_HTTP=true vat-service serve   # the service, in another terminal',
    'vat-service webhooks listen --key svc_live_… --mode live --json | jq .type',
  ],
  async run(context) {
    const settings = settingsOf(context);
    const { io, json } = context;
    const listener = await startWebhookListener({
      port: settings.port,
      onDelivery: (delivery) => report(context, delivery),
    });
    let previous: string | null;
    try {
      const pointed = await pointWebhookAt(settings, listener.url);
      listener.useSecret(pointed.secret);
      previous = pointed.previous;
    } catch (error) {
      await listener.close();
      throw error;
    }
    const webhook = `${settings.mode}-mode webhook`;
    if (json) {
      io.err(
        JSON.stringify({
          listening: listener.url,
          mode: settings.mode,
          service: settings.service,
          previous_url: previous,
        }),
      );
    } else {
      io.err(
        `Listening on ${listener.url}: the ${webhook} of this key's account points here now${previous && previous !== listener.url ? ` (it pointed at ${previous})` : ''}.`,
      );
      io.err('Deliveries are verified with its signing secret and printed below. Ctrl-C stops.');
    }
    await untilStopped(io, async () => {
      await listener.close();
      if (json) io.err(JSON.stringify({ stopped: true, webhook_url: listener.url }));
      else
        io.err(
          `Stopped. The ${webhook} still points at ${listener.url}, where nothing listens now: its deliveries fail and are retried until it is pointed elsewhere (PUT /v1/webhooks/config) or listen runs again.`,
        );
    });
    return 0;
  },
};

export const webhooks: CommandGroup = {
  name: 'webhooks',
  summary: 'Webhooks during development: receive an account’s deliveries on this machine.',
  commands: [listen],
};
