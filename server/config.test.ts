import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';
import { trustProxyOption } from './trust-proxy';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe('./.data');
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.METRICS_HOST).toBe('127.0.0.1');
    expect(env.SHUTDOWN_DRAIN_SECONDS).toBe(5);
    expect(env.DATABASE_TIMEOUT_SECONDS).toBe(10);
  });

  it('serves metrics on a port of their own, never the public one', () => {
    expect(parseEnv({ PORT: '5000', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    // A public HOST does not make the metrics public: only METRICS_HOST does.
    expect(parseEnv({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).METRICS_HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0', METRICS_HOST: '' }).METRICS_HOST).toBe('127.0.0.1');
    expect(parseEnv({ METRICS_HOST: '10.0.0.5' }).METRICS_HOST).toBe('10.0.0.5');
    expect(problemsOf({ PORT: '5000', METRICS_PORT: '5000' })).toEqual([
      'METRICS_PORT must differ from PORT: metrics are never served on the public port (got "5000")',
    ]);
    expect(problemsOf({ METRICS_PORT: '5000' })[0]).toMatch(/^METRICS_PORT must differ from PORT/);
    expect(problemsOf({ METRICS_PORT: 'nine' })[0]).toMatch(/^METRICS_PORT must be a port number/);
    expect(problemsOf({ DATABASE_TIMEOUT_SECONDS: '0' })[0]).toMatch(
      /^DATABASE_TIMEOUT_SECONDS must be more than 0/,
    );
  });

  it('names the data controller from COMPANY_NAME and COMPANY_ADDRESS, Ballast when unset', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).company).toEqual({ name: 'Ballast', address: null });
    const named = loadConfig({
      DATA_DIR: dataDir,
      COMPANY_NAME: ' Ballast Ltd ',
      COMPANY_ADDRESS: '1 High St',
    });
    expect(named.company).toEqual({ name: 'Ballast Ltd', address: '1 High St' });
    expect(problemsOf({ COMPANY_NAME: 'x'.repeat(201) })[0]).toMatch(/^COMPANY_NAME .*at most 200/);
  });

  it('names the variable and the value when a port is malformed', () => {
    const problems = problemsOf({ PORT: 'five-thousand' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT /);
    expect(problems[0]).toContain('"five-thousand"');
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT must be between 0 and 65535/);
  });

  it('reports every malformed variable at once', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://localhost/db',
      PUBLIC_URL: 'not a url',
      TRUST_PROXY: 'maybe',
      ADMIN_EMAILS: 'ops@ballast.test, nonsense',
      SMTP_URL: 'http://mail',
    });
    const named = problems.map((problem) => problem.split(' ')[0]);
    expect(named).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'ADMIN_EMAILS', 'SMTP_URL']),
    );
    expect(problems.join('\n')).toContain('"nonsense" is not an email address');
  });

  it('never echoes a secret value in its message', () => {
    const problems = problemsOf({ SESSION_SECRET: 'short-secret-value' });
    expect(problems[0]).toMatch(/^SESSION_SECRET must be at least 32 characters/);
    expect(problems.join('\n')).not.toContain('short-secret-value');
  });

  it('never prints the credentials inside a URL-valued variable, however malformed', () => {
    const malformed = {
      DATABASE_URL: 'postgres://ballast:hunter2-db@127.0.0.1:notaport/db',
      SMTP_URL: 'smtp://mailer:hunter2-smtp@',
      CRM_API_URL: 'ftp://crm:hunter2-crm@',
      OIDC_ISSUER: 'https://sso:hunter2-oidc@ host with spaces',
    };
    const problems = problemsOf(malformed);
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'CRM_API_URL', 'OIDC_ISSUER']),
    );
    const text = problems.join('\n');
    expect(text).not.toMatch(/hunter2/);
    // The rest of the value is still there to help find the mistake.
    expect(text).toContain('postgres://[redacted]@127.0.0.1:notaport/db');
  });

  it('requires a session secret in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^SESSION_SECRET is required/);
  });

  it('requires the companion of a half-configured integration', () => {
    expect(problemsOf({ CRM_API_KEY: 'key' })[0]).toBe('CRM_API_URL must be set when CRM_API_KEY is set');
  });

  it('keeps uploads in a bucket only with the region the SDK needs, and path style only when told', () => {
    const unset = parseEnv({});
    expect([unset.S3_BUCKET, unset.S3_FORCE_PATH_STYLE]).toEqual([undefined, false]);
    expect(
      problemsOf({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), S3_BUCKET: 'uploads' }),
    ).toEqual([
      "AWS_REGION must be set when S3_BUCKET is set: the bucket's region (MinIO and most S3-compatible servers take us-east-1)",
    ]);
    expect(
      parseEnv({ S3_BUCKET: 'ballast-uploads', AWS_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' }),
    ).toMatchObject({ S3_BUCKET: 'ballast-uploads', S3_FORCE_PATH_STYLE: true });
    expect(
      problemsOf({ S3_BUCKET: 'Uploads_Bucket', AWS_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toEqual([
      'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "Uploads_Bucket")',
      'S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    ]);
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(env.PORT).toBe(5000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('parses operator emails and flags', () => {
    const env = parseEnv({ ADMIN_EMAILS: ' Ops@Ballast.test ,second@ballast.test,', TRUST_PROXY: 'true' });
    expect(env.ADMIN_EMAILS).toEqual(['ops@ballast.test', 'second@ballast.test']);
    expect(env.TRUST_PROXY).toBe(1);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges; true is one hop', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.0/33', 'load-balancer', '10.0.0.1/8/1']) {
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(
        /^TRUST_PROXY must be true, a number of proxy hops/,
      );
    }
    // A hop count trusts exactly that many proxies: the client's own X-Forwarded-For entries are not.
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1), trust('203.0.113.9', 2)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('refuses a plain-http PUBLIC_URL in production unless it is a loopback host', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://ballast.example' })[0]).toMatch(
      /^PUBLIC_URL must be https:\/\/ when NODE_ENV=production/,
    );
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://ballast.example' })).toEqual([]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://localhost:5000' })).toEqual([]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://127.0.0.1:5000' })).toEqual([]);
    expect(problemsOf({ PUBLIC_URL: 'http://ballast.example' })).toEqual([]);
  });

  it('trusts the development client origin only outside production', () => {
    expect(parseEnv({ DEV_CLIENT_ORIGIN: 'http://localhost:5173' }).DEV_CLIENT_ORIGIN).toBe(
      'http://localhost:5173',
    );
    expect(
      problemsOf({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        DEV_CLIENT_ORIGIN: 'http://localhost:5173',
      })[0],
    ).toMatch(/^DEV_CLIENT_ORIGIN is for npm run dev only/);
  });

  it('derives the public URL and keeps a generated session secret in DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-config-'));
    const first = loadConfig({ PORT: '5123', DATA_DIR: dataDir });
    expect(first.publicUrl).toBe('http://localhost:5123');
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret);
    const hosted = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://ballast.example/' });
    expect(hosted.publicUrl).toBe('https://ballast.example');
    expect(hosted.supportEmail).toBe('support@ballast.example');
  });
});
