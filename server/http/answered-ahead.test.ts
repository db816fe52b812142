import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { createMetrics } from '../metrics/metrics';
import { answeringAhead } from './answered-ahead';

/** A sample's value from Prometheus text, or 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const COUNTED = 'ballast_http_request_duration_seconds_count{method="GET",route="/counted",status="2xx"}';

describe('answering ahead of the framework', () => {
  const pool = new pg.Pool({ max: 1 });
  afterAll(() => pool.end());

  /** A real server from the factory; the handler stands in for Fastify and says what reached it. */
  async function serve(body: () => string | undefined) {
    const metrics = createMetrics({ pool });
    const ahead = answeringAhead(metrics);
    ahead.add(
      { path: '/counted', headers: { 'cache-control': 'no-cache' }, body },
      { 'x-frame-options': 'DENY' },
    );
    const reachedFramework: string[] = [];
    const server = ahead.serverFactory!((request, response) => {
      reachedFramework.push(`${request.method} ${request.url}`);
      response.end('from the framework');
    }, {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { ahead, metrics, server, base, reachedFramework };
  }

  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
  });

  it('sends the kept answer with its headers and a request id, counted, and passes everything else on', async () => {
    let body: string | undefined = '{"n":1}';
    const { ahead, metrics, server, base, reachedFramework } = await serve(() => body);
    stop = () => new Promise((resolve) => server.close(() => resolve()));

    const answer = await fetch(`${base}/counted`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('{"n":1}');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-length')).toBe('7');
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const again = await fetch(`${base}/counted`);
    expect(again.headers.get('x-request-id')).not.toBe(answer.headers.get('x-request-id'));
    // A new answer is sent with its own length.
    body = '{"n":10}';
    const changed = await fetch(`${base}/counted`);
    expect(await changed.text()).toBe('{"n":10}');
    expect(changed.headers.get('content-length')).toBe('8');
    expect(sample(await metrics.registry.metrics(), COUNTED)).toBe(3);
    expect(reachedFramework).toEqual([]);

    // Another path, a query string, another method, nothing in memory yet, and once closing: Fastify's.
    await fetch(`${base}/other`);
    await fetch(`${base}/counted?fresh=1`);
    await fetch(`${base}/counted`, { method: 'POST' });
    body = undefined;
    expect(await (await fetch(`${base}/counted`)).text()).toBe('from the framework');
    body = '{"n":2}';
    ahead.close();
    await fetch(`${base}/counted`);
    expect(reachedFramework).toEqual([
      'GET /other',
      'GET /counted?fresh=1',
      'POST /counted',
      'GET /counted',
      'GET /counted',
    ]);
    expect(sample(await metrics.registry.metrics(), COUNTED)).toBe(3);
  });

  it('makes no server of its own with metrics off: the route logs its line then', () => {
    expect(answeringAhead(undefined).serverFactory).toBeUndefined();
  });
});

describe('the waitlist counters, answered ahead', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The app's log, and the URLs of its request lines. */
  function requestLog() {
    const lines: { msg: string; url?: string }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const loggedUrls = () => lines.filter((line) => line.msg === 'request').map((line) => line.url);
    return { logStream, loggedUrls };
  }

  /** Everything but what differs per answer. */
  const comparable = (headers: Headers) =>
    Object.fromEntries([...headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));

  it('send what the route sends, counted and not logged', async () => {
    const { logStream, loggedUrls } = requestLog();
    t = await startTestApp({ metrics: true, env: { LOG_LEVEL: 'info' }, deps: { logStream } });
    const ahead = await t.request('/api/waitlist/counters');
    // A query string goes through Fastify's routing to the same route.
    const routed = await t.request('/api/waitlist/counters?through=fastify');
    expect(ahead.status).toBe(200);
    expect(routed.status).toBe(200);
    expect(await ahead.json()).toEqual(await routed.json());
    expect(comparable(ahead.headers)).toEqual(comparable(routed.headers));
    expect(ahead.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(ahead.headers.get('x-request-id')).toBeTruthy();
    const text = await t.metrics!.registry.metrics();
    expect(
      sample(
        text,
        'ballast_http_request_duration_seconds_count{method="GET",route="/api/waitlist/counters",status="2xx"}',
      ),
    ).toBe(2);
    expect(loggedUrls()).toEqual([]);
  });

  it('are answered by the route, and logged, with metrics off', async () => {
    const { logStream, loggedUrls } = requestLog();
    t = await startTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream } });
    expect((await t.request('/api/waitlist/counters')).status).toBe(200);
    expect(loggedUrls()).toEqual(['/api/waitlist/counters']);
  });
});
