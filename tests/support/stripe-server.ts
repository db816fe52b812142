import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Stripe from 'stripe';

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

type Params = Record<string, unknown>;
type StripeObject = Record<string, unknown> & { id: string };

export type FakeStripeRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
};

type Refusal = { method: string; path: RegExp; status: number; message: string };

export type FakeStripe = {
  url: string;
  /** STRIPE_* settings pointing an app at this server. */
  env: Record<string, string>;
  requests: FakeStripeRequest[];
  /** Requests whose method and path match (path as a prefix or pattern). */
  requestsTo(method: string, path: string | RegExp): FakeStripeRequest[];
  objects: {
    products: Map<string, StripeObject>;
    prices: Map<string, StripeObject>;
    customers: Map<string, StripeObject>;
    paymentIntents: Map<string, StripeObject>;
    subscriptions: Map<string, StripeObject>;
    invoices: Map<string, StripeObject>;
    checkoutSessions: Map<string, StripeObject>;
    refunds: Map<string, StripeObject>;
    charges: Map<string, StripeObject>;
  };
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

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `line_items[0][price]=x&expand[0]=y` → `{ line_items: [{ price: 'x' }], expand: ['y'] }`. */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replaceAll(']', '').split('[');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Params;
      }
    });
  }
  const toArrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Params).map(([k, v]) => [k, toArrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return toArrays(root) as Params;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const objects: FakeStripe['objects'] = {
    products: new Map(),
    prices: new Map(),
    customers: new Map(),
    paymentIntents: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    checkoutSessions: new Map(),
    refunds: new Map(),
    charges: new Map(),
  };
  const idempotent = new Map<string, { status: number; body: string }>();
  const refusals = new Set<Refusal>();
  const stalls = new Set<{ method: string; path: RegExp; held: (() => void)[] }>();
  let baseUrl = '';

  const expandList = (params: Params) => (Array.isArray(params.expand) ? (params.expand as string[]) : []);

  function createPaymentIntent(params: {
    amount: number;
    currency: string;
    customer?: unknown;
    metadata?: unknown;
    description?: unknown;
  }): StripeObject {
    const id = newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount: params.amount,
      currency: params.currency,
      customer: params.customer ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      created: nowSeconds(),
    };
    objects.paymentIntents.set(id, intent);
    return intent;
  }

  /** A PaymentIntent succeeds as Stripe's do: with a charge, its `latest_charge`. */
  function succeed(intent: StripeObject) {
    const charge: StripeObject = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer ?? null,
      payment_intent: intent.id,
      paid: true,
      refunded: false,
      status: 'succeeded',
      created: nowSeconds(),
    };
    objects.charges.set(charge.id, charge);
    Object.assign(intent, { status: 'succeeded', latest_charge: charge.id });
  }

  function intentView(intent: StripeObject, expand: string[]): StripeObject {
    const charge = intent.latest_charge as string | undefined;
    return expand.includes('latest_charge') && charge
      ? { ...intent, latest_charge: objects.charges.get(charge) }
      : intent;
  }

  function subscriptionView(subscription: StripeObject, expand: string[]): StripeObject {
    const view: StripeObject = { ...subscription };
    if (expand.includes('latest_invoice') || expand.some((path) => path.startsWith('latest_invoice.'))) {
      const invoice = objects.invoices.get(subscription.latest_invoice as string)!;
      const { confirmation_secret, ...rest } = invoice;
      view.latest_invoice = expand.includes('latest_invoice.confirmation_secret')
        ? { ...rest, confirmation_secret }
        : rest;
    }
    return view;
  }

  function find(map: Map<string, StripeObject>, id: string, what: string): StripeObject {
    const object = map.get(id);
    if (!object) throw new StripeApiError(404, `No such ${what}: '${id}'`);
    return object;
  }

  function handle(method: string, path: string, params: Params): StripeObject | Params {
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = [...objects.prices.values()].filter(
        (price) =>
          keys.includes(price.lookup_key as string) && (params.active !== 'true' || price.active === true),
      );
      return { object: 'list', data, has_more: false, url: '/v1/prices' };
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = {
        id: newId('prod'),
        object: 'product',
        active: true,
        name: params.name,
        metadata: params.metadata ?? {},
      };
      objects.products.set(product.id, product);
      return product;
    }
    if (method === 'POST' && path === '/v1/prices') {
      find(objects.products, params.product as string, 'product');
      if (params.lookup_key) {
        for (const price of objects.prices.values()) {
          if (price.lookup_key !== params.lookup_key) continue;
          if (params.transfer_lookup_key !== 'true') {
            throw new StripeApiError(400, `A price already uses the lookup key ${params.lookup_key}.`);
          }
          price.lookup_key = null;
        }
      }
      const recurring = params.recurring as Params | undefined;
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: params.currency,
        unit_amount: Number(params.unit_amount),
        lookup_key: params.lookup_key ?? null,
        product: params.product,
        recurring: recurring ? { interval: recurring.interval, interval_count: 1 } : null,
        type: recurring ? 'recurring' : 'one_time',
        metadata: params.metadata ?? {},
      };
      objects.prices.set(price.id, price);
      return price;
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: params.metadata ?? {},
      };
      objects.customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const expand = expandList(params).map((item) => item.replace(/^data\./, ''));
      const data = [...objects.paymentIntents.values()]
        .filter((intent) => !params.customer || intent.customer === params.customer)
        .sort((a, b) => (b.created as number) - (a.created as number))
        .slice(0, Number(params.limit ?? 10))
        .map((intent) => intentView(intent, expand));
      return { object: 'list', data, has_more: false, url: '/v1/payment_intents' };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentPath) {
      return intentView(find(objects.paymentIntents, intentPath[1]!, 'payment_intent'), expandList(params));
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (params.customer) find(objects.customers, params.customer as string, 'customer');
      return createPaymentIntent({
        amount: Number(params.amount),
        currency: params.currency as string,
        customer: params.customer,
        metadata: params.metadata,
        description: params.description,
      });
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      find(objects.customers, params.customer as string, 'customer');
      const items = (params.items as Params[] | undefined) ?? [];
      const price = find(objects.prices, items[0]?.price as string, 'price');
      if (params.payment_behavior !== 'default_incomplete') {
        throw new StripeApiError(402, 'This customer has no attached payment source.', 'card_error');
      }
      const id = newId('sub');
      const created = nowSeconds();
      const intent = createPaymentIntent({
        amount: price.unit_amount as number,
        currency: price.currency as string,
        customer: params.customer,
      });
      const invoice: StripeObject = {
        id: newId('in'),
        object: 'invoice',
        customer: params.customer,
        status: 'open',
        amount_due: price.unit_amount,
        confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
        parent: { type: 'subscription_details', subscription_details: { subscription: id } },
      };
      objects.invoices.set(invoice.id, invoice);
      const subscription: StripeObject = {
        id,
        object: 'subscription',
        customer: params.customer,
        status: 'incomplete',
        created,
        cancel_at_period_end: false,
        metadata: params.metadata ?? {},
        latest_invoice: invoice.id,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: created,
              current_period_end: created + 30 * 24 * 3600,
            },
          ],
        },
      };
      objects.subscriptions.set(id, subscription);
      return subscriptionView(subscription, expandList(params));
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = find(objects.subscriptions, subscriptionPath[1]!, 'subscription');
      if (method === 'GET') return subscriptionView(subscription, expandList(params));
      if (method === 'POST') {
        // What the customer portal sends when a creator cancels: the subscription lives to its period's end.
        if (params.cancel_at_period_end !== undefined) {
          const atEnd = params.cancel_at_period_end === 'true';
          const item = (subscription.items as { data: StripeObject[] }).data[0]!;
          Object.assign(subscription, {
            cancel_at_period_end: atEnd,
            cancel_at: atEnd ? item.current_period_end : null,
            canceled_at: atEnd ? nowSeconds() : null,
          });
        }
        return subscriptionView(subscription, expandList(params));
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = nowSeconds();
        return { ...subscription };
      }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (params.line_items as Params[] | undefined) ?? [];
      const price = find(objects.prices, items[0]?.price as string, 'price');
      const id = newId('cs_test');
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        url: `${baseUrl}/checkout/${id}`,
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: (price.unit_amount as number) * Number(items[0]?.quantity ?? 1),
        currency: price.currency,
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        payment_intent: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        expires_at: params.expires_at ? Number(params.expires_at) : nowSeconds() + 24 * 3600,
        created: nowSeconds(),
      };
      objects.checkoutSessions.set(id, session);
      return session;
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = find(objects.checkoutSessions, sessionPath[1]!, 'checkout session');
      if (method === 'GET' && !sessionPath[2]) return session;
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open') {
          throw new StripeApiError(400, `This Checkout Session is ${session.status} and cannot be expired.`);
        }
        session.status = 'expired';
        return session;
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      find(objects.customers, params.customer as string, 'customer');
      const id = newId('bps');
      return {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `${baseUrl}/portal/${id}`,
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = find(objects.paymentIntents, params.payment_intent as string, 'payment_intent');
      const charge = intent.latest_charge ? objects.charges.get(intent.latest_charge as string) : undefined;
      if (charge?.refunded) {
        throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`);
      }
      const amount = params.amount ? Number(params.amount) : (intent.amount as number);
      const refund = {
        id: newId('re'),
        object: 'refund',
        payment_intent: intent.id,
        charge: charge?.id ?? null,
        amount,
        currency: intent.currency,
        reason: params.reason ?? null,
        metadata: params.metadata ?? {},
        status: 'succeeded',
        created: nowSeconds(),
      };
      objects.refunds.set(refund.id, refund);
      if (charge) {
        charge.amount_refunded = (charge.amount_refunded as number) + amount;
        charge.refunded = charge.amount_refunded === charge.amount;
      }
      return refund;
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, params, idempotencyKey });
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
        text = JSON.stringify(handle(method, url.pathname, params));
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
        api_version: Stripe.API_VERSION,
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
