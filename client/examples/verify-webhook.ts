import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { components } from '../src/index.js';

/**
 * Receiving the service's webhooks: every delivery is signed as Standard Webhooks specifies
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), so the reference library verifies it.
 * The secret is the `whsec_…` value shown when the webhook was configured.
 *
 *   WEBHOOK_SECRET=whsec_… node verify-webhook.js
 */

/** Every event the service sends, typed from its OpenAPI document's `webhooks` section. */
type Event =
  | components['schemas']['ValidationCompletedEvent']
  | components['schemas']['ValidationFailedEvent']
  | components['schemas']['BatchCompletedEvent']
  | components['schemas']['TestEvent'];

const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? '');

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      const event = webhook.verify(Buffer.concat(chunks).toString('utf8'), {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      }) as Event;
      console.log('verified', event.type, event.data);
      res.writeHead(204).end();
    } catch {
      // A body or signature that does not verify was not sent by the service: refuse it.
      res.writeHead(400).end();
    }
  });
}).listen(8080);
