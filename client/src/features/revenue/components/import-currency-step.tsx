import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { CurrencyOptions, useCurrencyChoices } from './currency-options';

const rows = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'row' : 'rows'}`;

/**
 * Asked once for a file that does not say which currency its amounts are in (no currency column, no
 * code or symbol in the amount's header or cells). Pounds until the creator chooses; the rows that say
 * their own currency keep it.
 */
export function ImportCurrencyStep({
  count,
  currency,
  onChoose,
  disabled,
}: {
  count: number;
  currency: string;
  onChoose: (currency: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const currencies = useCurrencyChoices(currency);
  if (currencies.length === 1) {
    // No exchange rates yet: nothing to choose from, so nothing is asked.
    return (
      <p className="rounded-md border border-border p-3 text-sm text-muted-foreground">
        Your file does not say which currency its amounts are in, so {rows(count)} are read as pounds. Other
        currencies can be chosen once exchange rates have been loaded.
      </p>
    );
  }
  return (
    <div className="grid gap-2 rounded-md border border-border p-3">
      <Label htmlFor={id}>Which currency are these amounts in?</Label>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        Your file does not say for {rows(count)}, so we read them as pounds until you choose. Other currencies
        are valued in pounds at each payment date’s exchange rate.
      </p>
      {/* NativeSelect fills its box (w-full): the box sets the width. */}
      <div className="w-32">
        <NativeSelect
          id={id}
          value={currency}
          aria-describedby={`${id}-help`}
          disabled={disabled}
          onChange={(event) => onChoose(event.target.value)}
        >
          <CurrencyOptions currencies={currencies} />
        </NativeSelect>
      </div>
    </div>
  );
}
