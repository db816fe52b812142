// `npm run outbox:retry -- [id ...]`: queue failed outbox messages again (all failed ones without ids).
// Uses DATABASE_URL, or the embedded database of the app running on DATA_DIR (default ./.data).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase } from '../server/db/client';
import { startJobs } from '../server/jobs/boss';
import { retryFailedOutboxMessages } from '../server/jobs/outbox-retry';

const ids = process.argv.slice(2);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = ids.filter((id) => !uuid.test(id));
if (invalid.length > 0) {
  console.error(`Not outbox message ids: ${invalid.join(', ')}`);
  process.exit(1);
}

let url = process.env.DATABASE_URL;
if (!url) {
  const file = path.join(process.env.DATA_DIR ?? './.data', 'database-url');
  url = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (!url) {
    console.error(
      `Set DATABASE_URL, or start the app first (the embedded database's URL is read from ${file}).`,
    );
    process.exit(1);
  }
}

const database = connectDatabase(url, {
  max: 2,
  onError: (error) => console.error(`Database connection error: ${error.message}`),
});
const jobs = await startJobs(url);
try {
  const queued = await retryFailedOutboxMessages(jobs, database.db, ids.length > 0 ? ids : undefined);
  console.log(queued.length > 0 ? `Queued again: ${queued.join(', ')}` : 'No failed messages matched.');
} finally {
  await jobs.stop({ graceful: false, wait: true });
  await database.close();
}
