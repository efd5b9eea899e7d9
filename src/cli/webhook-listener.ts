import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/**
 * The receiving end of `vat-service webhooks listen`: a plain HTTP server on 127.0.0.1 that checks
 * every delivery's Standard Webhooks signature with the `standardwebhooks` package (as a customer's
 * receiver would, never with our own signing code), answers 200 to a verified delivery and 400 to
 * any other, and reports each one.
 */

export const LISTEN_HOST = '127.0.0.1';
export const LISTEN_PATH = '/webhooks';

/** Largest body read; a batch.completed of 1,000 items is about 0.5 MB. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

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

export interface WebhookListener {
  /** `http://127.0.0.1:PORT/webhooks`: what the webhook is pointed at. */
  readonly url: string;
  /**
   * The signing secret, from the service's answer to PUT /v1/webhooks/config. Deliveries that
   * arrive before it (a retry sent the moment the URL changed) wait for it.
   */
  useSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startWebhookListener(options: {
  port: number;
  onDelivery: (delivery: Delivery) => void;
}): Promise<WebhookListener> {
  let setSecret: (secret: string) => void = () => undefined;
  const secret = new Promise<string>((resolve) => {
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
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery = verify(await secret, body, req.headers);
      options.onDelivery(delivery);
      if (delivery.verified) answer(res, 200, { received: true });
      else answer(res, 400, { error: refusal(delivery) });
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
    useSecret: (value) => setSecret(value),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closing;
    },
  };
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
