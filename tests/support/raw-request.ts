import { request as httpRequest } from 'node:http';

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * A request sent byte for byte through `node:http`: the path exactly as written (fetch would tidy dot
 * segments, backslashes and escapes away) and headers fetch will not send as given, such as `Host`.
 */
export function sendRaw(
  baseUrl: string,
  request: { method?: string; path: string; headers?: Record<string, string | number>; body?: string },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    )
      .on('error', reject)
      .end(request.body);
  });
}
