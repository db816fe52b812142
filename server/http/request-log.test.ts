import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app';
import { captureLogStream } from '../../tests/support/log';
import { sendRaw } from '../../tests/support/raw-request';
import { withoutLinkSecrets } from '../redaction';

describe('logs', () => {
  it('carry the request id and never passwords, tokens, cookies or authorization headers', async () => {
    const { logStream, lines } = captureLogStream();
    const logged = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: { logStream },
      beforeListen(app) {
        app.post('/api/test/log', async (request) => {
          request.log.info(
            { req: { headers: request.headers }, account: { password: 'hunter2', token: 'tok-123' } },
            'something worth logging',
          );
          return { ok: true };
        });
      },
    });
    try {
      const response = await logged.request('/api/test/log', {
        method: 'POST',
        json: {},
        headers: {
          cookie: 'ballast.session_token=session-secret-value',
          authorization: 'Bearer bearer-secret',
        },
      });
      const requestId = response.headers.get('x-request-id');
      const output = lines.join('');
      for (const secret of ['hunter2', 'tok-123', 'session-secret-value', 'bearer-secret']) {
        expect(output).not.toContain(secret);
      }
      expect(output).toContain('[redacted]');
      const requestLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request');
      expect(requestLine).toMatchObject({
        reqId: requestId,
        method: 'POST',
        url: '/api/test/log',
        status: 200,
      });
    } finally {
      await logged.close();
    }
  });
});

describe('request logs', () => {
  it('keep the path but not the tokens a link carries', () => {
    expect(withoutLinkSecrets('/api/waitlist/unsubscribe?token=abc.def')).toBe(
      '/api/waitlist/unsubscribe?token=[redacted]',
    );
    expect(withoutLinkSecrets('/cb?state=s1&code=c2&platform=youtube')).toBe(
      '/cb?state=[redacted]&code=[redacted]&platform=youtube',
    );
    expect(withoutLinkSecrets('/api/revenue?page=2')).toBe('/api/revenue?page=2');
    expect(withoutLinkSecrets('/return?token=t1&session_id=cs_1')).toBe(
      '/return?token=[redacted]&session_id=[redacted]',
    );
  });

  it('keep no address the console looks a person up by', () => {
    expect(withoutLinkSecrets('/api/admin/people?email=maya%40example.com')).toBe(
      '/api/admin/people?email=[redacted]',
    );
    expect(withoutLinkSecrets('/admin/people?email=maya@example.com')).toBe('/admin/people?email=[redacted]');
    expect(withoutLinkSecrets('/api/admin/waitlist?q=maya&tier=free&page=2')).toBe(
      '/api/admin/waitlist?q=[redacted]&tier=free&page=2',
    );
    expect(withoutLinkSecrets('/api/admin/audit-log?operator=ops@ballast.test&action=plan.grant')).toBe(
      '/api/admin/audit-log?operator=[redacted]&action=plan.grant',
    );
  });

  it('judge query names and path segments as the router reads them, however they are spelled', () => {
    expect(withoutLinkSecrets('/api/identity/reset-password/t0k3n?callbackURL=%2Freset-password')).toBe(
      '/api/identity/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(withoutLinkSecrets('/api/identity/RESET-PASSWORD//t0k3n')).toBe(
      '/api/identity/RESET-PASSWORD/[redacted]',
    );
    expect(withoutLinkSecrets('/api/identity/reset%2Dpassword/t0k3n')).toBe(
      '/api/identity/reset%2Dpassword/[redacted]',
    );
    expect(withoutLinkSecrets('/x?%74oken=t1&a%5Fb=2')).toBe('/x?%74oken=[redacted]&a%5Fb=2');
    // The router starts the query at `#` too, and a link nested in another's query keeps no secret.
    expect(withoutLinkSecrets('/x#token=t1')).toBe('/x#token=[redacted]');
    expect(withoutLinkSecrets('/x?next=/y?token=t1')).toBe('/x?next=/y?token=[redacted]');
    expect(withoutLinkSecrets('/reset-password?token=t1')).toBe('/reset-password?token=[redacted]');
    expect(withoutLinkSecrets('/api/identity/reset-password\\t0k3n')).toBe(
      '/api/identity/reset-password\\[redacted]',
    );
    expect(withoutLinkSecrets('/api/identity/reset-password%5Ct0k3n')).toBe(
      '/api/identity/reset-password%5C[redacted]',
    );
  });

  it('log a reset link without its token whichever separator or escape its path is written with', async () => {
    const { logStream, lines } = captureLogStream();
    const logged = await startTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream } });
    // Sent as written (fetch would turn a backslash into a slash before it left).
    const get = async (path: string) => (await sendRaw(logged.baseUrl, { path })).status;
    const spellings = ['/', '\\', '//', '/./', '%2F', '%2f', '%5C', '%5c', '%252F', '%255C', '\\/', '/\\'];
    try {
      const tokenOf = (index: number) => `reset-secret-${index}-value`;
      for (const [index, separator] of spellings.entries()) {
        for (const name of ['reset-password', 'reset%2Dpassword', 'RESET-PASSWORD', 'reset%252Dpassword']) {
          await get(`/api/identity/${name}${separator}${tokenOf(index)}?callbackURL=%2Freset-password`);
        }
      }
      // Every request's line is in before any is judged.
      const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
      expect(requestLines).toHaveLength(spellings.length * 4);
      for (const [index, separator] of spellings.entries()) {
        expect(lines.join(''), `a token after ${separator}`).not.toContain(tokenOf(index));
      }
    } finally {
      await logged.close();
    }
  });

  it('log a link request without its token', async () => {
    const { logStream, lines } = captureLogStream();
    const logged = await startTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream } });
    try {
      await logged.request('/api/waitlist/unsubscribe?token=link-secret-value');
      const requestLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request');
      expect(requestLine.url).toBe('/api/waitlist/unsubscribe?token=[redacted]');
      expect(lines.join('')).not.toContain('link-secret-value');
    } finally {
      await logged.close();
    }
  });
});
