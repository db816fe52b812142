import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

export type TcpProxy = {
  /** The port clients connect to on 127.0.0.1. */
  port: number;
  /** Connections passed through right now. */
  openConnections(): number;
  /**
   * As a stopped database looks to its clients: every open connection is dropped and new ones are
   * refused (the port stops listening) until `restore`.
   */
  cut(): Promise<void>;
  /**
   * As a network partition looks: every connection stays open but nothing passes either way, and new
   * connections are accepted and then left waiting, until \`restore\`.
   */
  stall(): void;
  /** Listens again on the same port and passes connections through as before. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP pass-through to `target` that a test can cut and restore: the one way to take a database away
 * from an app and give it back without stopping a server that other test files share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  /** Connections accepted while stalled, not yet passed on. */
  const held = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let isStalled = false;

  const passThrough = (client: Socket) => {
    if (isStalled) {
      client.pause();
      held.add(client);
      client.on('error', () => client.destroy()).on('close', () => held.delete(client));
      return;
    }
    const upstream = tcpConnect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const stall = () => {
    isStalled = true;
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  };

  const unstall = () => {
    if (!isStalled) return;
    isStalled = false;
    for (const [client, upstream] of pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
    }
    for (const client of held) {
      held.delete(client);
      client.removeAllListeners('error').removeAllListeners('close');
      passThrough(client);
      client.resume();
    }
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const candidate = createServer(passThrough);
      candidate.once('error', reject);
      candidate.listen(port, '127.0.0.1', () => {
        server = candidate;
        port = (candidate.address() as { port: number }).port;
        resolve();
      });
    });

  const stopListening = async () => {
    const stopping = server;
    server = undefined;
    for (const client of held) client.destroy();
    held.clear();
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    if (stopping) await new Promise((resolve) => stopping.close(resolve));
  };

  await listen();
  return {
    port,
    openConnections: () => pairs.size,
    cut: stopListening,
    stall,
    restore: async () => {
      unstall();
      if (!server) await listen();
    },
    close: async () => {
      isStalled = false;
      await stopListening();
    },
  };
}
