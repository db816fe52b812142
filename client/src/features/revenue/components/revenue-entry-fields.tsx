import { DESCRIPTION_MAX_LENGTH } from '@common/revenue';
import { PAYER_MAX_LENGTH } from '@common/revenue-payer';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { useRevenuePayers } from '../api/get-revenue-payers';
import type { RevenueFormOutput, RevenueFormValues } from '../revenue-form';
import { MISSING_INFORMATION } from '../revenue-form';
import { CurrencyOptions, useCurrencyChoices } from './currency-options';
import { SourceOptions } from './source-options';

type Form = UseFormReturn<RevenueFormValues, unknown, RevenueFormOutput>;

/** A field's own problem; "missing" is left to the toast. */
function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message || message === MISSING_INFORMATION.description) return null;
  return (
    <p id={id} className="text-sm font-semibold text-destructive">
      {message}
    </p>
  );
}

/** Source, amount, date, description and who paid: shared by the add form and the edit dialog. */
export function RevenueEntryFields({ form }: { form: Form }) {
  const id = useId();
  const { register, formState } = form;
  const { errors } = formState;
  const currency = form.watch('currency');
  // Pounds first, then the ones used, then the rest; the entry's own even before the list arrives.
  const currencies = useCurrencyChoices(currency);
  const ids = {
    source: `${id}-source`,
    amount: `${id}-amount`,
    currency: `${id}-currency`,
    date: `${id}-date`,
    description: `${id}-description`,
    payer: `${id}-payer`,
  };
  const payers = useRevenuePayers().data?.payers ?? [];
  const describedBy = (field: keyof typeof ids) => {
    const message = errors[field]?.message;
    return message && message !== MISSING_INFORMATION.description ? `${ids[field]}-error` : undefined;
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={ids.source}>Source</Label>
        <NativeSelect
          id={ids.source}
          aria-required="true"
          aria-invalid={Boolean(errors.source)}
          aria-describedby={describedBy('source')}
          {...register('source')}
        >
          <option value="">Choose a source</option>
          <SourceOptions />
        </NativeSelect>
        <FieldError id={`${ids.source}-error`} message={errors.source?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.amount}>{currency === 'GBP' ? 'Amount (£)' : `Amount (${currency})`}</Label>
        <div className="flex gap-2">
          {/* NativeSelect fills its box (w-full): the box sets the width. */}
          <div className="w-24 shrink-0">
            <NativeSelect
              id={ids.currency}
              aria-label="Currency"
              aria-invalid={Boolean(errors.currency)}
              aria-describedby={describedBy('currency')}
              {...register('currency')}
            >
              <CurrencyOptions currencies={currencies} />
            </NativeSelect>
          </div>
          <Input
            id={ids.amount}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            placeholder="0.00"
            aria-required="true"
            aria-invalid={Boolean(errors.amount)}
            aria-describedby={describedBy('amount')}
            {...register('amount')}
          />
        </div>
        <FieldError id={`${ids.amount}-error`} message={errors.amount?.message} />
        <FieldError id={`${ids.currency}-error`} message={errors.currency?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.date}>Date</Label>
        <Input
          id={ids.date}
          type="date"
          aria-invalid={Boolean(errors.date)}
          aria-describedby={describedBy('date')}
          {...register('date')}
        />
        <FieldError id={`${ids.date}-error`} message={errors.date?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description (optional)</Label>
        <Input
          id={ids.description}
          maxLength={DESCRIPTION_MAX_LENGTH}
          placeholder="e.g. March AdSense payout"
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy('description')}
          {...register('description')}
        />
        <FieldError id={`${ids.description}-error`} message={errors.description?.message} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={ids.payer}>From (optional)</Label>
        <Input
          id={ids.payer}
          maxLength={PAYER_MAX_LENGTH}
          list={`${ids.payer}-names`}
          autoComplete="off"
          placeholder="Who paid: the agency, brand or platform"
          aria-invalid={Boolean(errors.payer)}
          aria-describedby={describedBy('payer')}
          {...register('payer')}
        />
        <datalist id={`${ids.payer}-names`}>
          {payers.map((payer) => (
            <option key={payer} value={payer} />
          ))}
        </datalist>
        <FieldError id={`${ids.payer}-error`} message={errors.payer?.message} />
      </div>
    </div>
  );
}
