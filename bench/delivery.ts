import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../server/db/client';
import { startJobs } from '../server/jobs/boss';
import { enqueueOutbound } from '../server/jobs/outbox';
import { startTestSmtpServer } from '../tests/support/smtp';
import { waitUntil } from '../tests/support/wait';
import { percentile, round, startServer } from './support';

const SAMPLES = 20;
const BURST = 200;

/**
 * Outbox delivery latency: from the commit of the transaction that enqueues an email to the moment a
 * local SMTP server has received it, through the real server process (workers, wake-up, SMTP pool);
 * and from a visitor's waitlist signup request to their welcome email arriving. One email at a time
 * for latency; then a burst for throughput.
 */
export async function benchDelivery() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-delivery-'));
  const smtp = await startTestSmtpServer();
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    SMTP_URL: smtp.url,
    // Each simulated visitor has an address of its own, so the signup rate limit does not apply.
    TRUST_PROXY: 'true',
  });
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const database = connectDatabase(url, { max: 2, onError: (error) => console.error(error) });
  const jobs = await startJobs(url);
  const send = (to: string) =>
    database.db.transaction((tx) =>
      enqueueOutbound(jobs, tx, [
        { channel: 'email', template: 'magic-link', to, url: 'http://bench.test/in' },
      ]),
    );
  try {
    // Warm-up: the first email opens the SMTP connection.
    await send('warm-up@bench.test');
    await smtp.waitForMail(1, 30_000);

    const latencies: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const before = smtp.received.length;
      await send(`latency-${index}@bench.test`);
      const committedAt = performance.now();
      await smtp.waitForMail(before + 1, 30_000);
      latencies.push(smtp.received[before]!.receivedAt - committedAt);
    }
    latencies.sort((a, b) => a - b);

    const signupLatencies: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const before = smtp.received.length;
      const requestedAt = performance.now();
      const response = await fetch(`${server.baseUrl}/api/waitlist/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${index + 1}` },
        body: JSON.stringify({ email: `signup-${index}@bench.test` }),
      });
      if (!response.ok) throw new Error(`signup answered ${response.status}`);
      await smtp.waitForMail(before + 1, 30_000);
      signupLatencies.push(smtp.received[before]!.receivedAt - requestedAt);
    }
    signupLatencies.sort((a, b) => a - b);

    const before = smtp.received.length;
    const started = performance.now();
    await Promise.all(Array.from({ length: BURST }, (_, index) => send(`burst-${index}@bench.test`)));
    await waitUntil(() => smtp.received.length >= before + BURST, 120_000, 'the burst');
    const burstSeconds = (performance.now() - started) / 1000;

    return {
      deliveryLatencyMedianMs: round(percentile(latencies, 50)),
      deliveryLatencyP95Ms: round(percentile(latencies, 95)),
      deliveryLatencyMaxMs: round(latencies.at(-1) ?? Number.NaN),
      signupToInboxMedianMs: round(percentile(signupLatencies, 50)),
      signupToInboxP95Ms: round(percentile(signupLatencies, 95)),
      burstEmails: BURST,
      burstEmailsPerSecond: round(BURST / burstSeconds),
    };
  } finally {
    await jobs.stop({ graceful: false, wait: true });
    await database.close();
    await server.stop();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
