import Fastify from 'fastify';

/**
 * The yardstick for the counters endpoint's budget (docs/benchmarks.md): a bare Fastify route answering the
 * same JSON from memory, with none of the app's hooks (helmet, origin check, request ids, schemas).
 */
const app = Fastify({ logger: false });
const counters = { freeSpots: 50, lifetimeSpots: 500, totalSignups: 0 };
app.get('/bare', async () => counters);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
