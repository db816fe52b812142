import net from 'node:net';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Stores accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseConnection = {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
};

// NUMERIC and BIGINT arrive as strings (exact); DATE stays a 'YYYY-MM-DD' string, never a shifted JS Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type ConnectOptions = {
  max?: number;
  /**
   * How long one query, or getting a connection, may take (no limit when unset). A query past it has
   * its connection destroyed, so a database that stops answering without closing its connections (a
   * network partition) fails the request instead of holding it.
   */
  deadlineMs?: number;
  /** An idle connection failed; the pool replaces it. The server logs these. */
  onError: (error: Error) => void;
};

export function connectDatabase(url: string, options: ConnectOptions): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.deadlineMs ?? 10_000,
    ...(options.deadlineMs ? { Client: DeadlineClient, queryDeadlineMs: options.deadlineMs } : {}),
  } as pg.PoolConfig);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', options.onError);
  // A transaction whose `begin` fails gives its connection back to the pool through the patch in
  // patches/drizzle-orm+0.45.4.patch (decision 049).
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return { db, pool, url, close: () => endPool(pool) };
}

/** Said of a query whose connection was closed at its deadline; read as "unreachable" (a 503). */
export class QueryDeadlineError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(deadlineMs: number) {
    super(`The database did not answer within ${deadlineMs / 1000} s; the connection was closed.`);
    this.name = 'QueryDeadlineError';
  }
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * node-postgres's own `query_timeout` fails the query but keeps the connection, whose next query then
 * waits behind the stuck one (a transaction's ROLLBACK, or whoever the pool hands it to next). Here
 * the connection itself is destroyed at the deadline: every query on it fails at once, and the pool
 * drops it on release because it is no longer queryable. The socket is one this client made and handed
 * to node-postgres through its `stream` option, so destroying it reaches into nothing of the library's
 * (with TLS, the encrypted stream on top fails with the same error). Cursors and streams
 * (submittables) pace themselves and are left alone.
 */
class DeadlineClient extends pg.Client {
  readonly #deadlineMs: number;
  readonly #socket: net.Socket;

  constructor(config: pg.ClientConfig & { queryDeadlineMs: number }) {
    let socket: net.Socket | undefined;
    // node-postgres calls this once, while constructing the client's connection.
    super({ ...config, stream: () => (socket = new net.Socket()) });
    if (!socket) throw new Error('node-postgres did not ask for its socket while constructing the client');
    this.#socket = socket;
    this.#deadlineMs = config.queryDeadlineMs;
    // A checked-out connection destroyed here emits 'error' after failing its queries; the pool only
    // listens while the connection is idle, and an unheard 'error' would end the process.
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query's many overloads, passed through as they are
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config?.submit === 'function') return super.query(config, values, callback);
    const timer = setTimeout(
      () => this.#socket.destroy(new QueryDeadlineError(this.#deadlineMs)),
      this.#deadlineMs,
    );
    const settle = () => clearTimeout(timer);
    const withSettle = (done: QueryCallback) => (error: Error | null, result?: unknown) => {
      settle();
      done(error, result);
    };
    if (typeof values === 'function') return super.query(config, withSettle(values));
    if (typeof callback === 'function') return super.query(config, values, withSettle(callback));
    const result = super.query(config, values) as Promise<unknown>;
    result.then(settle, settle);
    return result;
  }
}

/** However long a connection takes to say goodbye, closing the pool waits no longer than this. */
const CLOSE_WAIT_MS = 5_000;

/**
 * `pool.end()` resolves once every connection has been asked to close, not once it has. The server
 * stops its embedded PostgreSQL right after, which would then terminate connections that are still
 * closing, and each would be logged as a connection error on an ordinary shutdown. So this waits
 * for the pool's 'remove' of every connection it opened (bounded, so a stuck socket cannot hold up
 * the exit).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allRemoved = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allRemoved, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
}

/** Socket failures on the way to the server: refused, reset, timed out, no route, name not found. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot take work right now: connection exceptions (class 08), shutting
 * down or starting up (57P01–57P03), and out of connections (53300).
 */
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/**
 * What node-postgres says, without a code, when a connection ends or never comes (the last also when
 * every pooled connection stayed busy for connectionTimeoutMillis: retrying later is right then too).
 */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error`, or anything in its chain of causes (Drizzle and Better Auth wrap what the driver
 * threw), says the database could not be reached, rather than that a query was wrong. Such a failure
 * passes by itself, so the caller answers "try again" (503) instead of reporting a bug (500).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = String((cause as { code?: unknown }).code ?? '');
    if (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code)) return true;
    if (UNREACHABLE_MESSAGE.test(cause.message)) return true;
  }
  return false;
}
