import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/**
 * The receiving end of `vat-service webhooks listen`: a plain HTTP server on 127.0.0.1 that checks
 * every delivery's Standard Webhooks signature with the `standardwebhooks` package (as a customer's
 * receiver would, never with our own signing code) and reports each one. Without a forward URL
 * it answers 200 to a verified delivery; with one it passes the delivery on, the same bytes with
 * its signature headers, and answers the service with the local app's status and body, so the
 * service's delivery log and retries follow the app. Any other delivery is answered 400.
 */

export const LISTEN_HOST = '127.0.0.1';
export const LISTEN_PATH = '/webhooks';

/** Largest body read; a batch.completed of 1,000 items is about 0.5 MB. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** The headers a delivery is forwarded with: its type, sender and signature. */
const FORWARDED_HEADERS = [
  'content-type',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
];
/**
 * How long the local app may take. The service gives an attempt 10 s by default
 * (WEBHOOK_TIMEOUT_MS), so a slower answer would arrive after it gave up anyway.
 */
const FORWARD_TIMEOUT_MS = 9_000;
/** Bytes of the local app's answer passed back; the service keeps the first 4 KiB. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  data: unknown;
}

export type Delivery =
  | { verified: true; event: WebhookEvent; body: string }
  | {
      verified: false;
      /** `signature`: missing, wrong or outside the time tolerance; `body`: signed, but no JSON event. */
      problem: 'signature' | 'body';
      reason: string;
      webhookId: string | null;
    };

/** The line a refused delivery is reported with, and the body of its 400. */
export function refusal(delivery: Extract<Delivery, { verified: false }>): string {
  return delivery.problem === 'signature'
    ? `signature not verified: ${delivery.reason}`
    : `rejected: ${delivery.reason}`;
}

/** What the local app made of a forwarded delivery. */
export type Forwarded = { status: number } | { error: string };

export interface WebhookListener {
  /** `http://127.0.0.1:PORT/webhooks`: where the temporary endpoint points. */
  readonly url: string;
  /**
   * The signing secret of the endpoint, from the service's answer that created it; a later call
   * replaces it (a new endpoint). Deliveries that arrive before the first wait for it.
   */
  useSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startWebhookListener(options: {
  port: number;
  /** The local app's URL: verified deliveries are passed on to it. */
  forwardTo?: string;
  onDelivery: (delivery: Delivery) => void;
  onForwarded?: (event: WebhookEvent, outcome: Forwarded) => void;
}): Promise<WebhookListener> {
  let setSecret: (secret: string) => void = () => undefined;
  let secret = new Promise<string>((resolve) => {
    setSecret = resolve;
  });

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://listener').pathname;
    if (path !== LISTEN_PATH) return answer(res, 404, { error: `deliveries go to ${LISTEN_PATH}` });
    if (req.method !== 'POST') return answer(res, 405, { error: 'deliveries are POSTed' }, { allow: 'POST' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', async () => {
      if (size > MAX_BODY_BYTES) return answer(res, 413, { error: `body over ${MAX_BODY_BYTES} bytes` });
      const bytes = Buffer.concat(chunks);
      const delivery = verify(await secret, bytes.toString('utf8'), req.headers);
      options.onDelivery(delivery);
      if (!delivery.verified) return answer(res, 400, { error: refusal(delivery) });
      if (options.forwardTo === undefined) return answer(res, 200, { received: true });
      const local = await forward(options.forwardTo, bytes, req.headers);
      options.onForwarded?.(
        delivery.event,
        'error' in local ? { error: local.error } : { status: local.status },
      );
      if ('error' in local)
        answer(res, 502, { error: `forward to ${options.forwardTo} failed: ${local.error}` });
      else res.writeHead(local.status, local.headers).end(local.body);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} on ${LISTEN_HOST} is in use; pick another with --port.`)
          : error,
      );
    });
    server.listen(options.port, LISTEN_HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${LISTEN_HOST}:${port}${LISTEN_PATH}`,
    useSecret: (value) => {
      setSecret(value);
      secret = Promise.resolve(value);
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

/**
 * POSTs the delivery's bytes to the local app with its signature headers; never follows a
 * redirect (the service would not either). The answer's status, type and body (cut at
 * MAX_ANSWER_BYTES), or why there was none.
 */
async function forward(
  url: string,
  body: Buffer,
  headers: IncomingHttpHeaders,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer } | { error: string }> {
  const sent: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') sent[name] = value;
  }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: sent,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    const answered = Buffer.from(await response.arrayBuffer()).subarray(0, MAX_ANSWER_BYTES);
    const type = response.headers.get('content-type');
    return { status: response.status, headers: type ? { 'content-type': type } : {}, body: answered };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

/** Checks the signature (and its timestamp, within five minutes) and parses the event. */
function verify(secret: string, body: string, headers: IncomingHttpHeaders): Delivery {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') flat[name] = value;
  }
  const webhookId = flat['webhook-id'] ?? null;
  try {
    new Webhook(secret).verify(body, flat, { jsonParse: false });
  } catch (error) {
    const reason = error instanceof WebhookVerificationError ? error.message : (error as Error).message;
    return { verified: false, problem: 'signature', reason, webhookId };
  }
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    event = undefined;
  }
  if (!isEvent(event)) {
    return { verified: false, problem: 'body', reason: 'the signed body is not a JSON event', webhookId };
  }
  return { verified: true, event, body };
}

function isEvent(value: unknown): value is WebhookEvent {
  const event = value as WebhookEvent | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    typeof event.type === 'string'
  );
}

function answer(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
