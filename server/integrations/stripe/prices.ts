import { LIFETIME_PLACE_PRICE_PENCE, PLANS, type PlanId } from '@common/plans';
import type { Stripe } from './client';

/** What we sell, as Stripe knows it: each price is found by its lookup key. */
export type CatalogItem = {
  lookupKey: string;
  productName: string;
  amountPence: number;
  interval: 'month' | null;
};

const planItem = (id: PlanId, lookupKey: string): CatalogItem => ({
  lookupKey,
  productName: PLANS[id].name,
  amountPence: PLANS[id].amountPence,
  interval: PLANS[id].interval,
});

export const CATALOG = {
  blueprint: planItem('blueprint', 'ballast_blueprint_gbp'),
  guardian: planItem('guardian', 'ballast_guardian_gbp_monthly'),
  mastermind: planItem('mastermind', 'ballast_mastermind_gbp_monthly'),
  lifetimePlace: {
    lookupKey: 'ballast_lifetime_place_gbp',
    productName: 'Ballast lifetime access (waitlist place)',
    amountPence: LIFETIME_PLACE_PRICE_PENCE,
    interval: null,
  },
} satisfies Record<PlanId | 'lifetimePlace', CatalogItem>;

/** The plan a subscription's price stands for, from its lookup key (null for prices we did not make). */
export function planForLookupKey(lookupKey: string | null | undefined): Exclude<PlanId, 'blueprint'> | null {
  if (lookupKey === CATALOG.guardian.lookupKey) return 'guardian';
  if (lookupKey === CATALOG.mastermind.lookupKey) return 'mastermind';
  return null;
}

export type PriceCatalog = { price(item: CatalogItem): Promise<Stripe.Price> };

/**
 * Prices come from Stripe by lookup key and are created (product and price) the first time one is
 * missing, so a new Stripe account needs no set-up by hand. Each is looked up once per process; a
 * failed lookup is not remembered. Creation carries fixed idempotency keys, so instances starting
 * together make one product and one price between them.
 */
export function createPriceCatalog(stripe: Stripe): PriceCatalog {
  const prices = new Map<string, Promise<Stripe.Price>>();

  async function findOrCreate(item: CatalogItem): Promise<Stripe.Price> {
    const found = await stripe.prices.list({ lookup_keys: [item.lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing;
    const product = await stripe.products.create(
      { name: item.productName, metadata: { lookup_key: item.lookupKey } },
      { idempotencyKey: `ballast-product-${item.lookupKey}` },
    );
    return stripe.prices.create(
      {
        product: product.id,
        currency: 'gbp',
        unit_amount: item.amountPence,
        lookup_key: item.lookupKey,
        // An archived price may still hold the key: the new price takes it over.
        transfer_lookup_key: true,
        ...(item.interval ? { recurring: { interval: item.interval } } : {}),
      },
      { idempotencyKey: `ballast-price-${item.lookupKey}` },
    );
  }

  return {
    price(item) {
      let price = prices.get(item.lookupKey);
      if (!price) {
        price = findOrCreate(item);
        prices.set(item.lookupKey, price);
        price.catch(() => prices.delete(item.lookupKey));
      }
      return price;
    },
  };
}
