import { useRevenueCurrencies } from '../api/get-revenue-currencies';

/** The currencies to offer: pounds first, then the creator's own, then the rest, and `current` whatever it is. */
export function useCurrencyChoices(current: string): string[] {
  const known = useRevenueCurrencies().data?.currencies ?? ['GBP'];
  return known.includes(current) ? known : [...known, current];
}

/** The options of a currency select, one per ISO code. */
export function CurrencyOptions({ currencies }: { currencies: string[] }) {
  return currencies.map((code) => (
    <option key={code} value={code}>
      {code}
    </option>
  ));
}
