import http from 'node:http';
import { percentile, round } from './support';

export type LoadRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

type Result = { latenciesMs: number[]; statuses: Map<number, number>; errors: number; elapsedMs: number };

function send(agent: http.Agent, baseUrl: string, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${baseUrl}${request.path}`,
      {
        method: request.method,
        agent,
        headers: {
          ...(request.body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }
            : {}),
          ...request.headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

function summarise({ latenciesMs, statuses, errors, elapsedMs }: Result) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const completed = sorted.length;
  return {
    requests: completed + errors,
    throughputPerSecond: round((completed / elapsedMs) * 1000, 0),
    p50Ms: round(percentile(sorted, 50), 2),
    p90Ms: round(percentile(sorted, 90), 2),
    p99Ms: round(percentile(sorted, 99), 2),
    maxMs: round(sorted.at(-1) ?? Number.NaN, 2),
    statuses: Object.fromEntries(statuses),
    errors,
  };
}

/**
 * Open loop: requests start on a fixed schedule (`rate` per second) whatever the server does, and each
 * latency counts from its scheduled start, so a stalled server cannot hide its queue (no coordinated
 * omission). Bounded in count and time; loopback only. For latency at a set rate, well below what one
 * process can send; throughput is autocannon's (./autocannon.ts). autocannon's own rate option sends
 * each second's share back to back and then waits, which is bursts, not a rate.
 */
export async function openLoop(options: {
  baseUrl: string;
  rate: number;
  durationMs: number;
  next: (index: number) => LoadRequest;
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round((options.rate * options.durationMs) / 1000);
  const latenciesMs: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const scheduled = started + (index * 1000) / options.rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send(agent, options.baseUrl, options.next(index)).then(
        (status) => {
          latenciesMs.push(performance.now() - scheduled);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { targetPerSecond: options.rate, ...summarise({ latenciesMs, statuses, errors, elapsedMs }) };
}
