import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testEvent } from '../../src/webhooks/events.js';
import { deliveryRows, useAsyncStack } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { until } from '../helpers/processes.js';

/**
 * One endpoint that never answers must not hold up deliveries to the others: the worker gives one
 * endpoint at most a quarter of its jobs at a time (here WORKER_CONCURRENCY=4, so one), and a
 * delivery waiting for its endpoint's turn is put back without using up an attempt. Real HTTPS
 * receiver; the dead endpoint is a TCP server that accepts and never says a word.
 */

const TIMEOUT_MS = 1_500;

describeEachDialect('an unreachable endpoint and the others', (dialect) => {
  const stack = useAsyncStack(dialect, {
    env: { WORKER_CONCURRENCY: '4', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  const held = new Set<Socket>();
  const silent = createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => held.delete(socket));
  });
  let deadUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    deadUrl = `https://localhost:${(silent.address() as AddressInfo).port}/dead`;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  async function endpoint(key: string, url: string): Promise<void> {
    const res = await stack.app.request('POST', '/v1/webhooks/endpoints', { key, body: { url } });
    expect(res.status, res.text).toBe(201);
  }

  it('a backlog for a silent endpoint does not delay another account’s delivery, and waiting uses no attempt', async () => {
    const slow = await stack.app.account('business');
    const other = await stack.app.account('business');
    await endpoint(slow.live, deadUrl);
    await endpoint(other.live, `${stack.receiver.url}/share-other`);
    const { deliveries } = stack.app.services;
    const backlog = 8;
    for (let i = 0; i < backlog; i += 1) {
      await deliveries.emit(stack.app.stores, { accountId: slow.id, mode: 'live' }, testEvent());
    }
    await deliveries.emit(stack.app.stores, { accountId: other.id, mode: 'live' }, testEvent());

    await until(
      async () => (await deliveryRows(stack.app, other.id))[0]?.status === 'delivered',
      30_000,
      'the other account’s delivery delivered',
    );
    // Without a share per endpoint the four workers' slots go to the backlog, queued first: the
    // other account's event waits until all eight have timed out.
    const started = (await deliveryRows(stack.app, slow.id)).reduce((sum, row) => sum + row.attempts, 0);
    expect(started).toBeLessThan(4);
    expect(await deliveryRows(stack.app, other.id)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
    expect(stack.receiver.requests.filter((request) => request.path === '/hook/share-other')).toHaveLength(1);

    // Each delivery of the backlog still gets its one attempt (test events are sent once).
    const settled = await until(
      async () => {
        const rows = await deliveryRows(stack.app, slow.id);
        return rows.every((row) => row.status !== 'pending') && rows;
      },
      90_000,
      'the backlog settled',
    );
    expect(settled).toHaveLength(backlog);
    for (const row of settled) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.failure_reason).toBe(`No answer within ${TIMEOUT_MS} ms (timeout).`);
    }
  });
});
