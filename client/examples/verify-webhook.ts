import { createServer } from 'node:http';
import { VatClient, WebhookVerificationError } from '../src/index.js';

/**
 * Receiving the service's webhooks: every delivery is signed as Standard Webhooks specifies
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`); `client.webhooks.verify` checks it
 * against the raw body and returns the event, typed with every kind. The secret is the `whsec_…`
 * value shown when the webhook was configured.
 *
 *   WEBHOOK_SECRET=whsec_… node verify-webhook.js
 */

const vat = new VatClient();
const secret = process.env.WEBHOOK_SECRET ?? '';

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const event = await vat.webhooks.verify(Buffer.concat(chunks), req.headers, secret);
      if (event.type === 'batch.completed') console.log('batch', event.data.batch_id, event.data.summary);
      else console.log('verified', event.type, event.id);
      res.writeHead(204).end();
    } catch (error) {
      // A body or signature that does not verify was not sent by the service: refuse it.
      res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
    }
  });
}).listen(8080);
