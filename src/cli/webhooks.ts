import type { Command, CommandGroup } from './command.js';
import { UsageError } from './command.js';
import { CLIENT_OPTIONS, callService, refusalOf, serviceClientOf } from './service-client.js';
import { listen } from './webhook-listen.js';

/**
 * `webhooks listen` (webhook-listen.ts) and `webhooks trigger`: webhooks during development, as
 * the Stripe CLI has them, through the running service's own API with an account's key.
 */

interface TriggeredDelivery {
  id: string;
  endpoint_id: string | null;
  url: string | null;
  status: string;
  last_status_code: number | null;
  failure_reason: string | null;
}

function deliveryLine(delivery: TriggeredDelivery): string {
  const answer =
    delivery.last_status_code === null ? (delivery.failure_reason ?? 'no answer') : delivery.last_status_code;
  const retry = delivery.status === 'pending' ? ' (retried on the schedule)' : '';
  return `  ${delivery.endpoint_id}  ${delivery.url}  ${delivery.status}  ${answer}${retry}`;
}

const trigger: Command = {
  path: ['webhooks', 'trigger'],
  synopsis: 'KIND [--key KEY] [--url URL]',
  positionals: ['KIND'],
  summary: 'send a sample event of any kind to the test-mode endpoints subscribed to it',
  details: [
    'POST /v1/webhooks/trigger on the running service with a test key: a sample KIND event',
    '(validation.completed, validation.failed, batch.completed, monitor.changed, bulk.completed,',
    'test, …), built by the code that builds the real ones from test-mode numbers, is sent now to',
    'every enabled test-mode endpoint subscribed to it. Prints each delivery: endpoint, URL, status',
    'and the answer. Its `reference` is "sample" wherever the kind has one.',
    'Run `vat-service webhooks listen --forward-to URL` in another terminal to receive it locally.',
  ],
  options: {
    ...CLIENT_OPTIONS,
    key: { ...CLIENT_OPTIONS.key, description: 'a test key (default: $VAT_SERVICE_KEY)' },
  },
  json: 'the event id, its kind and its deliveries',
  examples: [
    'vat-service webhooks trigger batch.completed --key svc_test_…',
    'vat-service webhooks trigger monitor.changed --json | jq .deliveries',
  ],
  async run(context) {
    const client = serviceClientOf(context, 'WEBHOOK_ALLOW_LOCAL_HTTP=true vat-service serve');
    if (client.keyMode !== 'test')
      throw new UsageError('--key is a live key: samples go to test mode only; use a test key (svc_test_…)');
    const kind = context.args.KIND;
    const answer = await callService(client, 'POST', '/v1/webhooks/trigger', { event: kind });
    if (answer.status !== 200) throw refusalOf(client, 'POST /v1/webhooks/trigger', answer);
    const data = answer.body.data as { event_id: string; event: string; deliveries: TriggeredDelivery[] };
    const count = data.deliveries.length;
    context.print(
      data,
      [
        `Sent a sample ${data.event} (${data.event_id}) to ${count} endpoint${count === 1 ? '' : 's'}:`,
        ...data.deliveries.map(deliveryLine),
      ].join('\n'),
    );
    return 0;
  },
};

export const webhooks: CommandGroup = {
  name: 'webhooks',
  summary: 'Webhooks during development: receive events on this machine, send sample events.',
  commands: [listen, trigger],
};
