import { failureCode } from './server-requests';

/** One request of a load and what became of it: an answer, or the reason there was none. */
export type Outcome = {
  kind: string;
  /** What identifies the request, e.g. the email signed up. */
  key: string;
  sentAt: number;
  settledAt: number;
  status?: number;
  body?: string;
  headers?: Headers;
  /** Why no answer came (ECONNREFUSED, ECONNRESET, TIMEOUT …); unset when one did. */
  failure?: string;
};

export type LoadRequest = { kind: string; key: string; send(): Promise<Response> };

export type Load = {
  outcomes: Outcome[];
  answered(): number;
  /** Stops sending; settles once every request in flight has its outcome. */
  stop(): Promise<Outcome[]>;
};

async function settle(request: LoadRequest): Promise<Outcome> {
  const sentAt = performance.now();
  try {
    const response = await request.send();
    const body = await response.text();
    return {
      kind: request.kind,
      key: request.key,
      sentAt,
      settledAt: performance.now(),
      status: response.status,
      body,
      headers: response.headers,
    };
  } catch (error) {
    return {
      kind: request.kind,
      key: request.key,
      sentAt,
      settledAt: performance.now(),
      failure: failureCode(error),
    };
  }
}

/**
 * A steady load: `concurrency` requests in flight until stopped, each one sent as soon as another
 * settles. A request that gets no answer is recorded, not thrown: what happens to it is what tests of
 * crashes and shutdowns look at.
 */
export function startLoad(options: {
  concurrency: number;
  nextRequest(index: number): LoadRequest;
  /** Pause after a request that got no answer, so a server that is gone is not asked in a tight loop. */
  pauseAfterFailureMs?: number;
}): Load {
  const outcomes: Outcome[] = [];
  let next = 0;
  let isStopped = false;
  const worker = async () => {
    while (!isStopped) {
      const outcome = await settle(options.nextRequest(next++));
      outcomes.push(outcome);
      if (outcome.failure && options.pauseAfterFailureMs) {
        await new Promise((resolve) => setTimeout(resolve, options.pauseAfterFailureMs));
      }
    }
  };
  const workers = Array.from({ length: options.concurrency }, worker);
  return {
    outcomes,
    answered: () => outcomes.filter((outcome) => outcome.status !== undefined).length,
    async stop() {
      isStopped = true;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

/** Runs `task` over `items` with at most `limit` at once; results in the items' order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
