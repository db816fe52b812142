import {
  expandList,
  newId,
  nowSeconds,
  type Params,
  StripeApiError,
  type StripeLedger,
  type StripeObject,
} from './stripe-ledger';

/**
 * The Stripe API endpoints the app calls, answered from the stand-in's ledger as Stripe would answer
 * them; anything else is Stripe's 404 for an unrecognised URL. `baseUrl` is where the hosted pages
 * (Checkout, the customer portal) live.
 */
export function answerStripeRequest(
  ledger: StripeLedger,
  baseUrl: string,
  method: string,
  path: string,
  params: Params,
): StripeObject | Params {
  const { objects, find, createPaymentIntent, intentView, subscriptionView } = ledger;
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
  // Confirming with a test payment method, as Stripe's test mode does: `pm_card_visa` succeeds and
  // `pm_card_chargeDeclined` is declined; a PaymentIntent that succeeded cannot be confirmed again.
  const confirmPath = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
  if (method === 'POST' && confirmPath) {
    const intent = find(objects.paymentIntents, confirmPath[1]!, 'payment_intent');
    if (intent.status === 'succeeded') {
      throw new StripeApiError(
        400,
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    }
    if (typeof params.payment_method !== 'string' || !params.payment_method.startsWith('pm_')) {
      throw new StripeApiError(
        400,
        'You cannot confirm this PaymentIntent because it is missing a payment method.',
      );
    }
    if (params.payment_method === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      throw new StripeApiError(402, 'Your card was declined.', 'card_error');
    }
    ledger.succeed(intent);
    return intentView(intent, expandList(params));
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
