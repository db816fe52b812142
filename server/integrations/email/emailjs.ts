import { DeliveryError } from '../delivery-error';
import { retryAfterSeconds } from '../retry-after';

/**
 * EmailJS's REST API (https://www.emailjs.com/docs/rest-api/send/). It sends one template, made in the
 * EmailJS dashboard; we fill its parameters. It has no idempotency key, so a retry after a lost answer
 * can send twice (docs/decisions/006-outbound-delivery.md).
 */
export type EmailJsSettings = {
  apiUrl: string;
  serviceId?: string;
  templateId?: string;
  publicKey?: string;
  /** The account's private key ("access token"), required for calls from a server in strict mode. */
  privateKey?: string;
  /** Test hook: how long to wait for an answer. */
  timeoutMs?: number;
};

export type TemplateParams = Record<string, string | number>;

/** Missing settings, named the way the EmailJS client names them, so an operator recognises them. */
export function missingEmailJsSettings(settings: EmailJsSettings): string[] {
  const missing: string[] = [];
  if (!settings.publicKey) missing.push('The public key is required (EMAILJS_PUBLIC_KEY)');
  if (!settings.serviceId) missing.push('The service ID is required (EMAILJS_SERVICE_ID)');
  if (!settings.templateId) missing.push('The template ID is required (EMAILJS_TEMPLATE_ID)');
  return missing;
}

/** EmailJS's refusals, recognised so that logs say what happened and what to do about it. */
const KNOWN_REFUSALS: Record<number, { kind: string; label: string; hint: string; isPermanent: boolean }> = {
  451: {
    kind: 'headless-browser',
    label: '451 Unavailable For Headless Browser',
    hint: 'EmailJS refuses calls that do not come from a browser: allow API calls from non-browser applications in the EmailJS account security settings and set EMAILJS_PRIVATE_KEY',
    isPermanent: true,
  },
  403: {
    kind: 'forbidden',
    label: '403 Forbidden',
    hint: 'EmailJS refused the keys or the origin: check EMAILJS_PUBLIC_KEY, EMAILJS_PRIVATE_KEY and the account security settings',
    isPermanent: true,
  },
  429: {
    kind: 'rate-limited',
    label: '429 Too Many Requests',
    hint: 'EmailJS rate limit reached: retrying later than usual',
    isPermanent: false,
  },
};

/** How long to wait after a 429 when EmailJS does not say: well beyond the usual backoff. */
export const RATE_LIMIT_RETRY_SECONDS = 300;

/** The wait EmailJS asks for, kept between a second and an hour; without one we can read, our default. */
function waitSeconds(response: Response): number {
  const seconds = retryAfterSeconds(response);
  return seconds === undefined ? RATE_LIMIT_RETRY_SECONDS : Math.min(Math.max(1, seconds), 3600);
}

export async function sendWithEmailJs(settings: EmailJsSettings, params: TemplateParams): Promise<void> {
  const missing = missingEmailJsSettings(settings);
  if (missing.length > 0) {
    throw new DeliveryError(`EmailJS is not fully configured: ${missing.join('; ')}`, {
      kind: 'missing-settings',
      isPermanent: true,
    });
  }
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}/api/v1.0/email/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        service_id: settings.serviceId,
        template_id: settings.templateId,
        user_id: settings.publicKey,
        accessToken: settings.privateKey,
        template_params: params,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new DeliveryError(
      isTimeout ? 'EmailJS did not answer in time' : `Could not reach EmailJS${cause ? ` (${cause})` : ''}`,
      { kind: isTimeout ? 'timeout' : 'network', cause: error },
    );
  }
  if (response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    return;
  }
  const body = (await response.text().catch(() => '')).trim().slice(0, 300);
  const known = KNOWN_REFUSALS[response.status];
  if (known) {
    throw new DeliveryError(`${known.label}${body ? `: ${body}` : ''} (${known.hint})`, {
      kind: known.kind,
      isPermanent: known.isPermanent,
      retryAfterSeconds: response.status === 429 ? waitSeconds(response) : undefined,
    });
  }
  throw new DeliveryError(
    `EmailJS answered ${response.status} ${response.statusText}${body ? `: ${body}` : ''}`,
    {
      kind: 'http',
    },
  );
}

/**
 * The welcome email through EmailJS (docs/product/operators-and-data.md#emails): the template's field names
 * first, and when that call fails, one more call with the alternative names. Neither a rate limit nor missing
 * settings is retried at once: another call could only make the first worse, and the second could not
 * succeed.
 */
export async function sendWelcomeWithEmailJs(
  settings: EmailJsSettings,
  welcome: { to: string; position: number; tier: string; message: string; unsubscribeUrl: string },
  onFirstFailure: (error: DeliveryError) => void,
): Promise<void> {
  try {
    await sendWithEmailJs(settings, {
      to_email: welcome.to,
      user_position: welcome.position,
      user_tier: welcome.tier,
      message: welcome.message,
      to_name: welcome.to.split('@')[0] ?? welcome.to,
      unsubscribe_url: welcome.unsubscribeUrl,
    });
  } catch (error) {
    if (
      !(error instanceof DeliveryError) ||
      error.kind === 'rate-limited' ||
      error.kind === 'missing-settings'
    ) {
      throw error;
    }
    onFirstFailure(error);
    await sendWithEmailJs(settings, {
      email: welcome.to,
      position: welcome.position,
      tier: welcome.tier,
      message: welcome.message,
      unsubscribe_url: welcome.unsubscribeUrl,
    });
  }
}
