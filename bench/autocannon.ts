import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { round } from './support';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** The parts of autocannon's --json report this bench reads. */
type AutocannonReport = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
};

/**
 * Closed-loop throughput with autocannon, in a process of its own: one Node process on http.request
 * tops out near 10k requests/s here, below what a bare Fastify route serves, so a generator sharing
 * the bench's process would measure itself. Every figure is printed beside the yardstick's.
 */
export async function autocannon(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  /** A fixed rate over all connections (requests/s), for latency at a given load; flat out when unset. */
  rate?: number;
  headers?: Record<string, string>;
}) {
  const args = [
    AUTOCANNON,
    '--json',
    '--no-progress',
    '-c',
    String(options.connections),
    '-d',
    String(options.durationSeconds),
    ...(options.rate ? ['-R', String(options.rate)] : []),
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    options.url,
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const report = JSON.parse(output) as AutocannonReport;
  return {
    requestsPerSecond: round(report.requests.average, 0),
    requests: report.requests.total,
    latencyMs: { p50: report.latency.p50, p90: report.latency.p90, p99: report.latency.p99 },
    non2xx: report.non2xx,
    errors: report.errors + report.timeouts,
  };
}
