import { metricLabel } from '@common/platform-names';
import { SCREENSHOT_FIELDS } from '@common/screenshot-fields';
import type { Screenshot } from '@common/screenshots';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useTypeFigures } from '../api/type-figures';

/**
 * The figures a screenshot's platform shows, to type as the screen shows them ("1.2M", "12.3K",
 * "£3,412.50") when the reader could not read them: the same fields it would have filled.
 */
export function TypeFiguresForm({ screenshot }: { screenshot: Screenshot }) {
  const fields = SCREENSHOT_FIELDS[screenshot.platform];
  const [values, setValues] = useState<Record<string, string>>({});
  const typing = useTypeFigures();
  const hasAny = Object.values(values).some((value) => value.trim() !== '');

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await typing.mutateAsync({ id: screenshot.id, figures: values });
      setValues({});
    } catch (error) {
      toast({
        title: 'Figures Not Saved',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={save} className="grid gap-2" aria-label={`Type the figures from ${screenshot.fileName}`}>
      <p className="text-sm text-muted-foreground">
        Type the figures as the screen shows them, like 1.2M, 12.3K or £3,412.50. Leave out any it does not
        show.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {fields.map((key) => {
          const id = `${screenshot.id}-typed-${key}`;
          return (
            <div key={key} className="grid gap-1">
              <Label htmlFor={id}>{metricLabel(key)}</Label>
              <Input
                id={id}
                autoComplete="off"
                value={values[key] ?? ''}
                onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
                className="h-9"
              />
            </div>
          );
        })}
      </div>
      <Button type="submit" size="sm" className="justify-self-start" disabled={!hasAny || typing.isPending}>
        Save figures
      </Button>
    </form>
  );
}
