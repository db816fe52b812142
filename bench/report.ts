import { cpus, totalmem, type } from 'node:os';

import { ms, number, type Result, type Row, verdict } from './report-format';
import { WAITLIST_LAPSE_ROWS } from './report-waitlist';

type Results = Record<string, Result>;

/** A share as a percentage, or what a layout of distractors only holds. */
const percentOrNone = (share: unknown) =>
  share === null ? 'no figures (distractors only)' : `${((share as number) * 100).toFixed(1)}%`;
type LoadFigures = { p50Ms: number; p99Ms: number };

/** Rows for each bench's result, in the order the table shows them; benches not run are left out. */
const ROWS: Record<string, (result: Result) => Row[]> = {
  counters: (r) => [
    [
      '`GET /api/waitlist/counters` throughput',
      `${number(r.countersPerSecond)}/s beside a bare Fastify route's ${number(r.bareFastifyPerSecond)}/s: ratio ${r.ratio}${r.runs?.ratios ? ` (median of ${r.runs.ratios.length} pairs, ${Math.min(...r.runs.ratios)}–${Math.max(...r.runs.ratios)})` : ''}, p99 ${ms(r.countersP99Ms)}${r.metricsCountedCounters ? `, metrics on (${number(r.metricsCountedCounters)} counted)` : ''}`,
      '≥ 0.8 × bare',
      verdict(r.ratio >= 0.8),
    ],
  ],
  signups: (r) => {
    const runs = r.runs as { at300PerSecond: LoadFigures; at500PerSecond: LoadFigures }[];
    const p99s = (key: 'at300PerSecond' | 'at500PerSecond') =>
      runs.map((run) => ms(run[key].p99Ms)).join(', ');
    const p50s = (key: 'at300PerSecond' | 'at500PerSecond') =>
      runs.map((run) => ms(run[key].p50Ms)).join(', ');
    return [
      [
        '`POST /api/waitlist/signup` at 300/s, SMTP and CRM live, three runs',
        `p99 ${p99s('at300PerSecond')}; p50 ${p50s('at300PerSecond')}`,
        'p99 < 50 ms in every run',
        verdict(runs.every((run) => run.at300PerSecond.p99Ms < 50)),
      ],
      [
        '`POST /api/waitlist/signup` at 500/s, SMTP and CRM live, three runs',
        `p99 ${p99s('at500PerSecond')}; p50 ${p50s('at500PerSecond')}`,
        '',
        '',
      ],
      [
        `Memory, idle → after ${number(r.memory.afterSignups)} signups`,
        `${r.memory.idleNodeMiB} MiB → ${r.memory.afterNodeMiB} MiB (${r.memory.afterWithDatabaseMiB} MiB with PostgreSQL)`,
        '',
        '',
      ],
    ];
  },
  ...WAITLIST_LAPSE_ROWS,
  signedInReads: (r) =>
    Object.entries(r.routes as Record<string, { p50Ms: number; p99Ms: number }>).map(([route, figures]) => [
      `\`GET ${route}\` at 200/s (10,000 entries, 200 alerts)`,
      `p99 ${ms(figures.p99Ms)}, p50 ${ms(figures.p50Ms)} (bare route at the same rate: p99 ${ms(r.bareFastifyAtSameRate.p99Ms)})`,
      'p99 < 50 ms',
      verdict(figures.p99Ms < 50),
    ]),
  revenueHistory: (r) =>
    Object.values(r.routes as Record<string, { path: string; p50Ms: number; p99Ms: number }>).map(
      (figures) => [
        `\`GET ${figures.path}\` at 200/s (${number(r.entries)} entries over a year)`,
        `p99 ${ms(figures.p99Ms)}, p50 ${ms(figures.p50Ms)} (bare route at the same rate: p99 ${ms(r.bareFastifyAtSameRate.p99Ms)})`,
        'p99 < 50 ms',
        verdict(figures.p99Ms < 50),
      ],
    ),
  revenue: (r) => [
    [
      `Revenue list of 100 / summary, ${number(r.entries)} entries, one request at a time`,
      `p95 ${ms(r.list100.p95Ms)} / ${ms(r.summary.p95Ms)} (medians ${ms(r.list100.medianMs)} / ${ms(r.summary.medianMs)})`,
      '',
      '',
    ],
  ],
  healthCheck: (r) => [
    [
      `Health check run, ${number(r.entriesInWindow)} entries in its window`,
      `p95 ${ms(r.runP95Ms)}, median ${ms(r.runMedianMs)}`,
      'p95 < 50 ms',
      verdict(r.runP95Ms < 50),
    ],
  ],
  ocr: (r) => [
    [
      `Screenshot reading, ${r.screenshots} screens of the accuracy set (${r.figures} figures)`,
      `${(r.accuracy * 100).toFixed(1)}% read exactly, ${r.fromDistractors.length} from distractors; ${ms(r.perImageMedianMs)} median (CPU ${ms(r.perImageCpuMedianMs)}), ${ms(r.perImageP95Ms)} p95 per image`,
      '≥ 98%, none from distractors, median < 1 s',
      verdict(r.accuracy >= 0.98 && r.fromDistractors.length === 0 && r.perImageMedianMs < 1000),
    ],
    [
      'Screenshot reading by platform / worst three screens',
      `${Object.entries(r.byPlatform)
        .map(([platform, share]) => `${platform} ${((share as number) * 100).toFixed(1)}%`)
        .join(
          ', ',
        )} / ${r.worst.map((w: { screen: string; read: string }) => `${w.screen} (${w.read})`).join(', ')}`,
      '',
      '',
    ],
    ...Object.entries(r.byLayout).map(
      ([layout, share]): Row => [`Screenshot reading, ${layout}`, percentOrNone(share), '', ''],
    ),
    ...(
      [
        ['rest of the development half', r.newDevelopment],
        ['held-out half', r.heldOut],
      ] as const
    ).map(
      ([half, result]): Row => [
        `Screenshot reading, ${half} (${result.screenshots} screens, ${result.figures} figures)`,
        `${(result.accuracy * 100).toFixed(1)}% read exactly, ${result.fromDistractors.length} from distractors; by platform ${Object.entries(
          result.byPlatform,
        )
          .map(([platform, share]) => `${platform} ${percentOrNone(share)}`)
          .join(', ')}; periods ${result.period.read}`,
        half === 'held-out half' ? '≥ 95%, none from distractors' : '',
        half === 'held-out half'
          ? verdict(result.accuracy >= 0.95 && result.fromDistractors.length === 0)
          : '',
      ],
    ),
  ],
  alertScan: (r) => [
    [
      `Alert scan, ${number(r.creators)} creators with a year of history, all changed`,
      `${r.fullScan.wallSeconds} s wall, ${r.fullScan.cpuSeconds} s CPU`,
      '< 60 s CPU',
      verdict(r.fullScan.cpuSeconds < 60),
    ],
    ['The same scan with nothing changed', `${r.nothingChanged.wallSeconds} s wall`, '', ''],
  ],
  alertScanShared: (r) => [
    [
      `Alert scan cycle, ${number(r.creators)} creators all changed, two instances on one database`,
      `${r.cycle.wallSeconds} s wall, ${r.cycle.cpuSeconds} s CPU; ${r.creatorsPerInstance.map(number).join(' / ')} creators per instance`,
      '< 300 s (one cycle)',
      verdict(r.cycle.wallSeconds < 300),
    ],
  ],
  shifts: (r) => [
    [
      `Platform shifts run, ${number(r.creators)} connected creators (${number(r.dailyRows)} days of views)`,
      `${r.runSeconds} s (${r.firstRunSeconds} s just after seeding); cohort ${number(r.cohortSize)}, ${number(r.fellCount)} fell, since ${r.startedOn}`,
      '< 60 s',
      verdict(r.runSeconds < 60 && r.firstRunSeconds < 60),
    ],
  ],
  platformSync: (r) => [
    [
      `Platform backfill, one YouTube connection (${r.backfill.days} days), callback to figures`,
      `${r.backfill.seconds} s`,
      '< 5 s',
      verdict(r.backfill.seconds < 5),
    ],
    [
      `Daily platform sync, ${number(r.connections)} YouTube connections (3 days re-read each)`,
      `${r.daily.cpuSeconds} s CPU (${r.daily.cpuMsPerConnection} ms each), ${r.daily.wallSeconds} s wall, ${r.daily.failed} failed`,
      '',
      '',
    ],
    [
      'Daily fan-out: one job per connection, spread over the hour',
      `${r.fanOut.cpuSeconds} s CPU, ${r.fanOut.wallSeconds} s wall`,
      '',
      '',
    ],
  ],
  blueprint: (r) => [
    [
      'Blueprint generation, planner (`POST /api/blueprints`)',
      `median ${ms(r.planner.medianMs)}, p95 ${ms(r.planner.p95Ms)}`,
      '',
      '',
    ],
    [
      'Blueprint generation, model path against a stand-in that answers at once',
      `median ${ms(r.modelStandIn.medianMs)}, p95 ${ms(r.modelStandIn.p95Ms)}`,
      '',
      '',
    ],
  ],
  landingJs: (r) => [
    [
      'First-load JavaScript on `/` (gzip)',
      `${r.firstLoad.gzipKB} kB in ${r.firstLoad.files} files (below the fold, later: ${r.belowTheFold.gzipKB} kB)`,
      `≤ ${r.firstLoad.budgetGzipKB} kB`,
      verdict(r.firstLoad.gzipKB <= r.firstLoad.budgetGzipKB),
    ],
    ...Object.entries(
      (r.signedInPages ?? {}) as Record<
        string,
        { files: number; gzipKB: number; ownChunksGzipKB: number; budgetGzipKB: number }
      >,
    ).map(
      ([page, load]): Row => [
        `First-load JavaScript on signed-in \`${page}\` (gzip)`,
        `${load.gzipKB} kB in ${load.files} files, ${load.ownChunksGzipKB} kB of them the page's own chunks`,
        `≤ ${load.budgetGzipKB} kB`,
        verdict(load.gzipKB <= load.budgetGzipKB),
      ],
    ),
    ...(r.revenueCharts
      ? [
          [
            'Revenue charts on `/dashboard`, once there are entries (gzip)',
            `${r.revenueCharts.gzipKB} kB in ${r.revenueCharts.files} file, after the page's first load`,
            '',
            '',
          ] satisfies Row,
        ]
      : []),
  ],
  lighthouse: (r) => [
    [
      'Lighthouse on `/` (mobile, median of 3)',
      `performance ${r.median.performance}, accessibility ${r.median.accessibility}, best practices ${r.median.bestPractices}, SEO ${r.median.seo}`,
      '≥ 95, 100, ≥ 95, 100',
      verdict(
        r.median.performance >= 95 &&
          r.median.accessibility === 100 &&
          r.median.bestPractices >= 95 &&
          r.median.seo === 100,
      ),
    ],
  ],
  signedInPages: (r) =>
    Object.entries(
      r.pages as Record<string, { javascriptKB: number; scripts?: number; headingShownMs: number }>,
    ).map(([page, figures]) => [
      `First load of \`${page}\` after sign-in`,
      `${figures.javascriptKB} kB of JavaScript sent${figures.scripts ? ` in ${figures.scripts} scripts` : ''}, heading shown at ${ms(figures.headingShownMs)}`,
      '',
      '',
    ]),
  startup: (r) => [
    ['Cold / warm start', `${ms(r.coldStartMs)} / ${ms(r.warmStartMs)}`, '', ''],
    [
      'Idle memory, app / with PostgreSQL',
      `${r.idleNodeMemoryMiB} MiB / ${r.idleWithDatabaseMemoryMiB} MiB`,
      '',
      '',
    ],
  ],
  delivery: (r) => [
    [
      'Outbox: signup to inbox / burst',
      `median ${ms(r.signupToInboxMedianMs)}, p95 ${ms(r.signupToInboxP95Ms)}; ${number(r.burstEmailsPerSecond)} emails/s`,
      '',
      '',
    ],
  ],
};

export function describeMachine(): string {
  const cpu = cpus();
  return `${type()} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

/** The table `npm run bench` writes into docs/benchmarks.md, between its markers. */
export function benchmarkTable(results: Results, ranAt: Record<string, string>, previous = ''): string {
  const rows = new Map<string, string>();
  for (const line of previous.split('\n')) {
    const measure = tableMeasure(line);
    if (measure) rows.set(measure, line);
  }
  // A measured row takes its measure's old place; a new measure goes after the others.
  for (const [name, toRows] of Object.entries(ROWS)) {
    if (!results[name]) continue;
    for (const [measure, figure, budget, isMet] of toRows(results[name])) {
      rows.set(measure, `| ${measure} | ${figure} | ${budget} | ${isMet} | ${ranAt[name] ?? ''} |`);
    }
  }
  return [
    `Machine: ${describeMachine()}.`,
    '',
    '| measure | figure | budget | | run |',
    '|---|---|---|---|---|',
    ...rows.values(),
  ].join('\n');
}

/** The measure of one of the table's rows, or null for any other line (the header, its rule). */
function tableMeasure(line: string): string | null {
  const measure = line.match(/^\| (.+?) \| /)?.[1];
  return measure && measure !== 'measure' && !measure.startsWith('---') ? measure : null;
}
