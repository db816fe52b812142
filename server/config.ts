import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Company, DEFAULT_COMPANY_NAME } from '@common/company';
import { z } from 'zod';
import { withoutUrlCredentials } from './redaction';
import { isLoopbackHost, trustProxy } from './trust-proxy';

/**
 * Every environment variable the server reads, parsed once. Empty strings count as unset so that a
 * copied `.env.example` with blank values behaves like no value at all.
 */
const optionalString = z.string().trim().min(1).optional();
const optionalUrl = (what: string) =>
  z
    .url({ message: `must be a full URL such as https://example.com (${what})` })
    .optional()
    .transform((value) => value?.replace(/\/+$/, ''));

/** Passwords with @, : or / must be percent-encoded; a URL that does not parse is refused here. */
function isParseableUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const port = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const seconds = (max: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .max(max, `must be at most ${max}`);

const emailList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const emails = (value ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean);
    for (const email of emails) {
      if (!z.email().safeParse(email).success) {
        ctx.addIssue({ code: 'custom', message: `"${email}" is not an email address` });
      }
    }
    return emails;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: port.default(5000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    /** Prometheus metrics at /metrics on a listener of their own; off when unset. */
    METRICS_PORT: port.optional(),
    /**
     * Where that listener binds: loopback unless set, whatever HOST is. It answers anyone who reaches
     * it, so reaching it from elsewhere (a scraper on another machine) is a choice made here.
     */
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** On SIGTERM, how long /readyz fails before connections close, so a load balancer stops first. */
    SHUTDOWN_DRAIN_SECONDS: seconds(120).default(5),
    /** How long a query, or getting a connection, may take before the request is answered 503. */
    DATABASE_TIMEOUT_SECONDS: seconds(600).positive('must be more than 0').default(10),
    PUBLIC_URL: optionalUrl('the site origin'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// or postgresql://')
      .refine(isParseableUrl, 'is not a valid URL: check the host, port and any special characters')
      .optional(),
    DATA_DIR: z.string().trim().min(1).default('./.data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: emailList,
    TRUST_PROXY: trustProxy,
    /** Set by `npm run dev` to Vite's origin, which proxies the API; never in production. */
    DEV_CLIENT_ORIGIN: optionalUrl('the development client'),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/.+/, 'must look like smtp://user:pass@host:port')
      .refine(
        (value) => isParseableUrl(value) && new URL(value).hostname !== '',
        'must look like smtp://user:pass@host:port',
      )
      .optional(),
    EMAIL_FROM: optionalString,
    SUPPORT_EMAIL: z.email('must be an email address').optional(),
    COMPANY_NAME: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
    COMPANY_ADDRESS: z.string().trim().min(1).max(500, 'must be at most 500 characters').optional(),
    EMAILJS_SERVICE_ID: optionalString,
    EMAILJS_TEMPLATE_ID: optionalString,
    EMAILJS_PUBLIC_KEY: optionalString,
    EMAILJS_PRIVATE_KEY: optionalString,
    EMAILJS_API_URL: optionalUrl('the EmailJS API'),
    CRM_API_URL: optionalUrl('the external data service'),
    CRM_API_KEY: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: optionalUrl('the Stripe API'),
    OIDC_ISSUER: optionalUrl('the OIDC issuer'),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    INSTAGRAM_CLIENT_ID: optionalString,
    INSTAGRAM_CLIENT_SECRET: optionalString,
    TIKTOK_CLIENT_KEY: optionalString,
    TIKTOK_CLIENT_SECRET: optionalString,
    OAUTH_PROVIDER_URL: optionalUrl('the OAuth provider'),
    ALERT_SCAN_CRON: z
      .string()
      .trim()
      .min(9, 'must be a cron expression, like */5 * * * *')
      .default('*/5 * * * *'),
    /** Uploads go to this S3-compatible bucket when set (decision 033); the SDK reads the AWS_* variables. */
    S3_BUCKET: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /** Read by the AWS SDK itself; named here only so a bucket without a region fails at start-up. */
    AWS_REGION: optionalString,
    /**
     * The ECB euro reference rates file read twice a day (decision 047). History since 1999 ships with
     * the app; after a gap the 90-day and full-history files beside it are read too (decision 058).
     */
    FX_RATES_URL: z
      .url({
        message: 'must be a full URL such as https://example.com/eurofxref-daily.xml (the exchange rates)',
      })
      .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
    LLM_BASE_URL: optionalUrl('the OpenAI-compatible API'),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    LLM_TIMEOUT_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .positive('must be more than 0')
      .max(300, 'must be at most 300')
      .default(20),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when NODE_ENV=production (at least 32 random characters)',
      });
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL) {
      const url = new URL(env.PUBLIC_URL);
      if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message:
            'must be https:// when NODE_ENV=production (only a loopback host such as localhost may use http), so session cookies are always sent Secure',
        });
      }
    }
    if (env.NODE_ENV === 'production' && env.DEV_CLIENT_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_CLIENT_ORIGIN'],
        message: 'is for npm run dev only; unset it when NODE_ENV=production',
      });
    }
    if (env.S3_BUCKET && !env.AWS_REGION) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_REGION'],
        message:
          "must be set when S3_BUCKET is set: the bucket's region (MinIO and most S3-compatible servers take us-east-1)",
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      });
    }
    const pairs: [string, string][] = [
      ['OIDC_CLIENT_ID', 'OIDC_ISSUER'],
      ['OIDC_CLIENT_SECRET', 'OIDC_CLIENT_ID'],
      ['CRM_API_KEY', 'CRM_API_URL'],
    ];
    for (const [name, needs] of pairs) {
      const values = env as Record<string, unknown>;
      if (values[name] && !values[needs]) {
        ctx.addIssue({ code: 'custom', path: [needs], message: `must be set when ${name} is set` });
      }
    }
  });

export type Env = z.output<typeof envSchema>;

export type Config = Env & {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** The site's origin without a trailing slash, e.g. http://localhost:5000. */
  publicUrl: string;
  sessionSecret: string;
  /** Where contact messages go and the address shown to visitors. */
  supportEmail: string;
  /** The data controller named on the privacy page. */
  company: Company;
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const value = env[name];
        // Secrets are never echoed, nor the user and password inside any URL-valued variable.
        const shown =
          value === undefined || /SECRET|KEY|PASSWORD/.test(name)
            ? ''
            : ` (got "${withoutUrlCredentials(value)}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  return result.data;
}

/** Generated once per DATA_DIR outside production, so sessions survive restarts. */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  return {
    ...parsed,
    dataDir,
    publicUrl,
    sessionSecret: parsed.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    supportEmail: parsed.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    company: { name: parsed.COMPANY_NAME ?? DEFAULT_COMPANY_NAME, address: parsed.COMPANY_ADDRESS ?? null },
    isProduction: parsed.NODE_ENV === 'production',
  };
}
