import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { waitUntil } from '../../tests/support/wait';
import { signUp } from '../../tests/support/waitlist';
import { work } from '../jobs/boss';

/** One sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let t: TestApp;
const lines: { msg: string; url?: string; status?: number; level: number }[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestApp({ metrics: true, env: { LOG_LEVEL: 'info' }, deps: { logStream } });
});

afterAll(async () => {
  await t?.close();
});

const scrape = () => t.metrics!.registry.metrics();

describe('metrics', () => {
  it('count requests by route pattern and status class, never by the raw URL', async () => {
    await t.request('/api/waitlist/counters');
    await t.request('/api/waitlist/counters');
    await t.request('/api/waitlist/unsubscribe?token=a-secret-link-token');
    await t.request('/api/revenue');
    await t.request('/api/no-such-route/an-unmatched-id');
    const text = await scrape();
    const count = (method: string, route: string, status: string) =>
      sample(
        text,
        `ballast_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`,
      );
    expect(count('GET', '/api/waitlist/counters', '2xx')).toBe(2);
    expect(count('GET', '/api/revenue', '4xx')).toBe(1);
    expect(count('GET', '/api/waitlist/unsubscribe', '4xx')).toBe(1);
    expect(count('GET', 'unmatched', '4xx')).toBe(1);
    expect(text).not.toContain('a-secret-link-token');
    // A word no gauge can hold by chance (a memory size once held "12345").
    expect(text).not.toContain('an-unmatched-id');
    expect(text).not.toContain('no-such-route');
    expect(text).toMatch(/ballast_http_request_duration_seconds_bucket\{le="0.005",method="GET"/);
  });

  it('log no line for the hot public routes, but one for every other request', async () => {
    await t.request('/healthz');
    await t.request('/readyz');
    await t.request('/api/waitlist/counters');
    await t.request('/api/config');
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.url)).not.toContain('/healthz');
    expect(requests.map((line) => line.url)).not.toContain('/readyz');
    expect(requests.map((line) => line.url)).not.toContain('/api/waitlist/counters');
    expect(requests.map((line) => line.url)).toContain('/api/config');
    // Counted all the same.
    expect(await scrape()).toContain('route="/healthz",status="2xx"} 1');
  });

  it('show what the outbox holds and how long its oldest message has waited', async () => {
    // Delivery is not running here: the welcome and the external copy stay pending.
    expect((await signUp(t, { email: 'metrics.outbox@ballast.test' })).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'ballast_outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'ballast_outbox_messages{status="failed"}')).toBe(0);
    expect(sample(text, 'ballast_outbox_oldest_pending_age_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'ballast_job_queue_depth{queue="outbox-delivery"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'ballast_job_queue_depth{queue="alert-scan"}')).toBe(0);
    expect(sample(text, 'ballast_database_reachable')).toBe(1);
  });

  it('count job failures and time jobs by queue', async () => {
    const queue = 'metrics-test';
    await t.jobs.createQueue(queue, { name: queue, retryLimit: 0 });
    await work(t.jobs, queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if ((job?.data as { fail?: boolean } | undefined)?.fail) throw new Error('this job fails on purpose');
    });
    await t.jobs.send(queue, { fail: true });
    await t.jobs.send(queue, { fail: false });
    const series = `ballast_job_duration_seconds_count{queue="${queue}"}`;
    await waitUntil(async () => sample(await scrape(), series) === 2, 20_000, 'both jobs to run');
    expect(sample(await scrape(), `ballast_job_failures_total{queue="${queue}"}`)).toBe(1);
  });

  it('report the database pool and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'ballast_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'ballast_db_pool_connections{state="waiting"}')).toBe(0);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
