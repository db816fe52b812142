import { randomBytes } from 'node:crypto';

/**
 * What the Stripe stand-in holds: the objects it made, kept in memory, and the few moves several
 * endpoints share (a PaymentIntent created or succeeding, a view with its `expand` applied). The
 * endpoints that read and change them are `stripe-endpoints.ts`; the HTTP side is `stripe-server.ts`.
 */

export type Params = Record<string, unknown>;
export type StripeObject = Record<string, unknown> & { id: string };

export type StripeObjects = {
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

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

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
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export const expandList = (params: Params) =>
  Array.isArray(params.expand) ? (params.expand as string[]) : [];

export type StripeLedger = ReturnType<typeof createStripeLedger>;

export function createStripeLedger() {
  const objects: StripeObjects = {
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

  return { objects, createPaymentIntent, succeed, intentView, subscriptionView, find };
}
