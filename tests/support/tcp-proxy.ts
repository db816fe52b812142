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
  let server: Server | undefined;
  let port = 0;

  const passThrough = (client: Socket) => {
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
    restore: async () => {
      if (!server) await listen();
    },
    close: stopListening,
  };
}
