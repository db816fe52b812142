import { describe, expect, it } from 'vitest';
import { benchmarkTable } from '../../bench/report';

const OLD_TABLE = `
Machine: an older one.

| measure | figure | budget | | run |
|---|---|---|---|---|
| \`GET /api/waitlist/counters\` throughput | 1/s beside a bare Fastify route's 2/s: ratio 0.5 (p99 3 ms) | ≥ 0.8 × bare | not met | 2026-01-01 10:00 |
| Health check run, 10,000 entries in its window | p95 16.84 ms, median 12.13 ms | p95 < 50 ms | met | 2026-01-01 10:05 |
`;

describe('the benchmarks table', () => {
  it('replaces the rows of the benches run, in their places, and keeps the others as they were', () => {
    const table = benchmarkTable(
      {
        counters: {
          countersPerSecond: 16650,
          bareFastifyPerSecond: 20000,
          ratio: 0.83,
          countersP99Ms: 6,
          runs: { ratios: [0.83, 0.79, 0.9] },
        },
      },
      { counters: '2026-11-25 15:20' },
      OLD_TABLE,
    );
    const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| measure'));
    expect(rows).toEqual([
      "| `GET /api/waitlist/counters` throughput | 16,650/s beside a bare Fastify route's 20,000/s: ratio 0.83 (median of 3 pairs, 0.79–0.9), p99 6 ms | ≥ 0.8 × bare | met | 2026-11-25 15:20 |",
      '| Health check run, 10,000 entries in its window | p95 16.84 ms, median 12.13 ms | p95 < 50 ms | met | 2026-01-01 10:05 |',
    ]);
    expect(table).not.toContain('an older one');
  });
});
