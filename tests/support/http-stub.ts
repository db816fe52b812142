import { createServer, type IncomingHttpHeaders } from 'node:http';

export type StubRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
};

export type StubAnswer = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
};

export type StubServer = { url: string; requests: StubRequest[]; close(): Promise<void> };

/**
 * A local HTTP server standing in for an external service (the CRM, EmailJS). `answer` decides each
 * response from the request and how many came before it.
 */
export async function startStubServer(
  answer: (request: StubRequest, index: number) => StubAnswer = () => ({ status: 200, body: 'OK' }),
): Promise<StubServer> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json };
      requests.push(request);
      const reply = answer(request, requests.length - 1);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
