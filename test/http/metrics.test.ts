import perfHooks from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { HttpMetrics } from '../../src/http/plugins/metrics.js';
import { startTestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from './support.js';

describe('HttpMetrics (request counts and latency histogram in the text format)', () => {
  it('counts by route, method and status and keeps cumulative buckets, sum and count', async () => {
    const metrics = new HttpMetrics();
    metrics.observe('/v1/rates/:country_code', 'GET', 200, 0.4);
    metrics.observe('/v1/rates/:country_code', 'GET', 200, 3);
    metrics.observe('/v1/rates/:country_code', 'GET', 404, 20_000);
    metrics.observe('not_found', 'POST', 404, 1);
    const text = await metrics.render();

    expect(text).toContain('# TYPE http_requests_total counter\n');
    expect(text).toContain(
      'http_requests_total{route="/v1/rates/:country_code",method="GET",status="200"} 2\n',
    );
    expect(text).toContain(
      'http_requests_total{route="/v1/rates/:country_code",method="GET",status="404"} 1\n',
    );
    expect(text).toContain('http_requests_total{route="not_found",method="POST",status="404"} 1\n');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram\n');
    const route = 'route="/v1/rates/:country_code"';
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.001",${route}} 1\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.005",${route}} 2\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="10",${route}} 2\n`);
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${route}} 3\n`);
    expect(text).toContain(`http_request_duration_seconds_count{${route}} 3\n`);
    const sum = Number(
      /http_request_duration_seconds_sum\{route="\/v1\/rates\/:country_code"\} (\S+)/.exec(text)?.[1],
    );
    expect(sum).toBeCloseTo(20.0034, 6);
  });

  it('escapes backslashes, quotes and line feeds in label values', async () => {
    const metrics = new HttpMetrics();
    metrics.observe('a"b\\c\nd', 'GET', 200, 1);
    expect(await metrics.render()).toContain('route="a\\"b\\\\c\\nd"');
  });

  it('renders the type lines even before the first request', async () => {
    const text = await new HttpMetrics().render();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('GET /metrics', () => {
  it("adds prom-client's process and Node.js metrics, without a key", async () => {
    const app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
    try {
      const res = await app.request('GET', '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
        'nodejs_gc_duration_seconds',
        'http_requests_total',
      ])
        expect(res.text).toContain(`# TYPE ${name} `);
      expect(Number(/^process_cpu_user_seconds_total (\S+)$/m.exec(res.text)?.[1])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('starts one event-loop monitor for the process however many apps are built', async () => {
    const monitor = vi.spyOn(perfHooks, 'monitorEventLoopDelay');
    try {
      for (let i = 0; i < 3; i += 1) {
        const app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
        try {
          expect((await app.request('GET', '/metrics')).text).toContain(
            '# TYPE nodejs_eventloop_lag_seconds ',
          );
        } finally {
          await app.close();
        }
      }
      expect(monitor.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      monitor.mockRestore();
    }
  });
});
