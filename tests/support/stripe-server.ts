import { createServer } from 'node:http';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../server/integrations/stripe/client';
import { answerStripeRequest } from './stripe-endpoints';
import {
  createStripeLedger,
  newId,
  nowSeconds,
  type Params,
  parseStripeForm,
  StripeApiError,
  type StripeObject,
  type StripeObjects,
} from './stripe-ledger';

/**
 * A local stand-in for Stripe's API, reached by the app through STRIPE_API_URL. It reads bodies the way
 * the SDK sends them (form-encoded, `a[b][0]=c`), keeps the objects it made in memory, honours
 * idempotency keys, returns `confirmation_secret` only when expanded, and signs webhook events with the
 * SDK's own test-header helper. Tests move objects along (a payment succeeds, a subscription turns
 * active) and send the events Stripe would.
 */

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_ballast_fake',
  publishableKey: 'pk_test_ballast_fake',
  webhookSecret: 'whsec_ballast_fake_secret',
} as const;

export type FakeStripeRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  /** The Stripe-Version the request named. */
  stripeVersion: string | undefined;
};

type Refusal = { method: string; path: RegExp; status: number; message: string };

export type FakeStripe = {
  url: string;
  /** STRIPE_* settings pointing an app at this server. */
  env: Record<string, string>;
  requests: FakeStripeRequest[];
  /** Requests whose method and path match (path as a prefix or pattern). */
  requestsTo(method: string, path: string | RegExp): FakeStripeRequest[];
  objects: StripeObjects;
  /** Holds every matching request unanswered until the returned function is called (a slow Stripe). */
  stall(method: string, path: RegExp): () => void;
  /** Answers every matching request with this error until the returned function is called. */
  refuse(method: string, path: RegExp, status: number, message: string): () => void;
  /** The subscription as Stripe would now send it in an event (items with their prices). */
  setSubscriptionStatus(id: string, status: string, changes?: Params): StripeObject;
  /** The payment went through: succeeded, with its charge (`latest_charge`). */
  succeedPaymentIntent(id: string): StripeObject;
  /** The Checkout Session paid (as when the buyer finishes on Stripe's page); answers it. */
  completeCheckoutSession(id: string): StripeObject;
  /** An event object as Stripe sends it; `created` defaults to now (seconds). */
  event(type: string, object: StripeObject, options?: { id?: string; created?: number }): StripeEvent;
  close(): Promise<void>;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StripeObject };
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const ledger = createStripeLedger();
  const { objects, find, createPaymentIntent, succeed } = ledger;
  const idempotent = new Map<string, { status: number; body: string }>();
  const refusals = new Set<Refusal>();
  const stalls = new Set<{ method: string; path: RegExp; held: (() => void)[] }>();
  let baseUrl = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const stripeVersion = req.headers['stripe-version'] as string | undefined;
      requests.push({ method, path: url.pathname, params, idempotencyKey, stripeVersion });
      const stalled = [...stalls].find((stall) => stall.method === method && stall.path.test(url.pathname));
      if (stalled) stalled.held.push(() => respond(url, method, params, idempotencyKey));
      else respond(url, method, params, idempotencyKey);
    });
    function respond(url: URL, method: string, params: Params, idempotencyKey: string | undefined) {
      const send = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(text);
      };

      // Stripe's hosted pages (Checkout, the customer portal), where the app sends browsers.
      const hosted = /^\/(checkout|portal)\/([\w-]+)$/.exec(url.pathname);
      if (method === 'GET' && hosted) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><title>Stripe ${hosted[1]}</title><h1>Stripe ${hosted[1]} ${hosted[2]}</h1></html>`,
        );
        return;
      }
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.secretKey}`) {
        return send(
          401,
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }),
        );
      }
      // This stand-in answers in the pinned version's shapes only: a request naming another version is
      // refused, so moving the pin means moving the stand-in with it. One naming none (Stripe's own
      // pages acting for the account) gets the account's default, which operations.md sets to the pin.
      const stripeVersion = req.headers['stripe-version'];
      if (stripeVersion !== undefined && stripeVersion !== STRIPE_API_VERSION) {
        return send(
          400,
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              message: `This stand-in answers API version ${STRIPE_API_VERSION} only, not ${stripeVersion}.`,
            },
          }),
        );
      }
      const key = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : undefined;
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) return send(replay.status, replay.body);

      let status = 200;
      let text: string;
      try {
        for (const refusal of refusals) {
          if (refusal.method === method && refusal.path.test(url.pathname)) {
            throw new StripeApiError(refusal.status, refusal.message, 'api_error');
          }
        }
        text = JSON.stringify(answerStripeRequest(ledger, baseUrl, method, url.pathname, params));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        text = JSON.stringify({ error: { type: error.type, message: error.message } });
      }
      if (key && status < 500) idempotent.set(key, { status, body: text });
      send(status, text);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_API_URL: baseUrl,
    },
    requests,
    requestsTo(method, path) {
      return requests.filter(
        (request) =>
          request.method === method &&
          (typeof path === 'string' ? request.path.startsWith(path) : path.test(request.path)),
      );
    },
    objects,
    stall(method, path) {
      const stall = { method, path, held: [] as (() => void)[] };
      stalls.add(stall);
      return () => {
        stalls.delete(stall);
        for (const release of stall.held.splice(0)) release();
      };
    },
    refuse(method, path, status, message) {
      const refusal = { method, path, status, message };
      refusals.add(refusal);
      return () => refusals.delete(refusal);
    },
    setSubscriptionStatus(id, status, changes = {}) {
      const subscription = find(objects.subscriptions, id, 'subscription');
      Object.assign(subscription, { status, ...changes });
      if (status === 'active') {
        const invoice = objects.invoices.get(subscription.latest_invoice as string);
        if (invoice && invoice.status !== 'paid') {
          invoice.status = 'paid';
          const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret;
          const intent = [...objects.paymentIntents.values()].find((each) => each.client_secret === secret);
          if (intent) succeed(intent);
        }
      }
      return structuredClone(subscription);
    },
    succeedPaymentIntent(id) {
      const intent = find(objects.paymentIntents, id, 'payment_intent');
      succeed(intent);
      return structuredClone(intent);
    },
    completeCheckoutSession(id) {
      const session = find(objects.checkoutSessions, id, 'checkout session');
      const intent = createPaymentIntent({
        amount: session.amount_total as number,
        currency: session.currency as string,
        metadata: session.metadata,
      });
      succeed(intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      return structuredClone(session);
    },
    event(type, object, options = {}) {
      return {
        id: options.id ?? newId('evt'),
        object: 'event',
        type,
        created: options.created ?? nowSeconds(),
        api_version: STRIPE_API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `Stripe-Signature` header Stripe would send with this exact body. */
export function signStripePayload(payload: string, secret: string = FAKE_STRIPE_KEYS.webhookSecret): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Delivers an event to the app's webhook as Stripe does: raw JSON, signed, no Origin header. */
export function sendStripeEvent(
  appUrl: string,
  event: StripeEvent | string,
  options: { signature?: string } = {},
): Promise<Response> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': options.signature ?? signStripePayload(payload),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: payload,
  });
}
