import type { RevenueSource } from '@common/revenue';
import {
  IMPORT_FORMATS,
  IMPORT_MAX_ROWS,
  type ImportColumnChoice,
  type RevenueImportResult,
} from '@common/revenue-import';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { formatPence } from '@/lib/format';
import { useImportRevenue } from '../api/import-revenue';
import { type ImportFileSent, readChosenFile } from '../import-file';
import { fileColumnsOf, ImportColumnsStep } from './import-columns-step';
import { ImportCurrencyStep } from './import-currency-step';
import { ImportNamesStep } from './import-names-step';
import { ImportNotes } from './import-notes';
import { ImportPreviewTable } from './import-preview-table';

type Preview = { file: ImportFileSent; result: RevenueImportResult };
/** A file whose columns we could not place: its text and its own column names, to match by hand. */
type Unmatched = { file: ImportFileSent; columns: string[] };
type Answers = Record<string, RevenueSource>;

/**
 * CSV import: choose a file, see every row accepted, left out or refused (and why), then save the
 * accepted ones.
 */
/** '1 entry', '3 entries'. */
const entries = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'entry' : 'entries'}`;

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const fileId = useId();
  const helpId = useId();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [includeRepeats, setIncludeRepeats] = useState(false);
  const [unmatched, setUnmatched] = useState<Unmatched | null>(null);
  const [columns, setColumns] = useState<ImportColumnChoice | undefined>(undefined);
  /** The creator's answer for a file that does not say its currency; pounds until then. */
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const importing = useImportRevenue();
  /** Which file the column matching is for, so choosing another starts it afresh. */
  const [fileKey, setFileKey] = useState('');

  /** Checks the file again with the creator's answers so far. */
  async function check(
    file: ImportFileSent,
    nextAnswers: Answers,
    nextIncludeRepeats: boolean,
    nextColumns: ImportColumnChoice | undefined = columns,
    nextCurrency: string | undefined = currency,
  ) {
    try {
      const result = await importing.mutateAsync({
        ...file,
        dryRun: true,
        sourceNames: nextAnswers,
        includeRepeats: nextIncludeRepeats,
        columns: nextColumns,
        currency: nextCurrency,
      });
      setPreview({ file, result });
      setProblem(null);
      setUnmatched(null);
    } catch (error) {
      setPreview(null);
      setProblem(describeError(error, 'We could not read that file. Check it is a CSV and try again.'));
      const fileColumns = fileColumnsOf(error);
      if (fileColumns) setUnmatched({ file, columns: fileColumns });
    }
  }

  /** The same answer for several names at once ("apply to all"), checked once. */
  function answer(names: string[], source: RevenueSource | '') {
    if (!preview) return;
    const next = { ...answers };
    for (const name of names) {
      if (source) next[name] = source;
      else delete next[name];
    }
    setAnswers(next);
    void check(preview.file, next, includeRepeats);
  }

  function chooseRepeats(isIncluded: boolean) {
    setIncludeRepeats(isIncluded);
    if (preview) void check(preview.file, answers, isIncluded);
  }

  function chooseCurrency(next: string) {
    setCurrency(next);
    if (preview) void check(preview.file, answers, includeRepeats, columns, next);
  }

  function matchColumns(choice: ImportColumnChoice) {
    if (!unmatched) return;
    setColumns(choice);
    void check(unmatched.file, {}, false, choice, currency);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setProblem(null);
    setAnswers({});
    setIncludeRepeats(false);
    setUnmatched(null);
    setColumns(undefined);
    setCurrency(undefined);
    const file = event.target.files?.[0];
    if (!file) return;
    const chosen = await readChosenFile(file);
    if ('problem' in chosen) {
      setProblem(chosen.problem);
      return;
    }
    setFileKey(`${file.name}:${file.size}:${file.lastModified}`);
    await check(chosen.sent, {}, false, undefined, undefined);
  }

  async function save() {
    if (!preview) return;
    try {
      const result = await importing.mutateAsync({
        ...preview.file,
        dryRun: false,
        sourceNames: answers,
        includeRepeats,
        columns,
        currency,
      });
      const skipped =
        result.skippedCount > 0 ? ` ${entries(result.skippedCount)} already recorded, skipped.` : '';
      const refused =
        result.refusedCount > 0 ? ` ${result.refusedCount.toLocaleString('en-GB')} refused, left out.` : '';
      toast({
        title: 'Revenue Imported',
        description: `${entries(result.importedCount)} added.${skipped}${refused}`,
      });
      onClose();
    } catch (error) {
      toast({
        title: 'Import Failed',
        description: describeError(error, 'Nothing was imported. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  const result = preview?.result;
  const newCount = result
    ? result.acceptedCount - result.skippedCount - (includeRepeats ? 0 : result.repeatCount)
    : 0;
  // Refused rows are left out; they never keep the rest of the file out.
  const canImport = result !== undefined && newCount > 0;

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>Import revenue</DialogTitle>
          <DialogDescription id={helpId}>
            Your own spreadsheet, as CSV or an Excel workbook (its first sheet; columns for the date, the
            source in your words, the amount and a description; we ask which currency if the file does not
            say), or an export from YouTube Studio, Patreon, Stripe, Gumroad, Ko-fi, Amazon Associates or
            TikTok Studio, up to {IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows. Dates as YYYY-MM-DD,
            DD/MM/YYYY or DD/MM/YY. Names we do not know, we ask about once. Rows with a problem are shown and
            left out, the rest can go in, and rows you have already recorded are skipped.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={fileId}>CSV file</Label>
          <Input
            id={fileId}
            type="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={helpId}
            onChange={(event) => void choose(event)}
            disabled={importing.isPending}
            className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:font-semibold file:text-secondary-foreground"
          />
        </div>
        {importing.isPending && !result && (
          <p role="status" className="text-sm text-muted-foreground">
            Checking every row...
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {problem}
          </p>
        )}
        {unmatched && (
          <ImportColumnsStep
            key={fileKey}
            columns={unmatched.columns}
            disabled={importing.isPending}
            onChoose={matchColumns}
          />
        )}
        {result && (
          <>
            <p className="text-sm text-muted-foreground">Read as: {IMPORT_FORMATS[result.format]}.</p>
            <ImportNotes result={result} />
            {result.unstatedCurrencyCount > 0 && (
              <ImportCurrencyStep
                count={result.unstatedCurrencyCount}
                currency={result.unstatedCurrency}
                onChoose={chooseCurrency}
                disabled={importing.isPending}
              />
            )}
            <ImportNamesStep
              names={result.names}
              answers={answers}
              onAnswer={answer}
              disabled={importing.isPending}
            />
            <p role="status" className="text-sm font-semibold">
              {result.acceptedCount} accepted, {result.refusedCount} refused
              {result.repeatCount > 0 ? `, ${result.repeatCount} repeated in the file` : ''}
              {result.skippedCount > 0 ? `, ${result.skippedCount} already recorded (skipped)` : ''}
              {result.notIncomeCount > 0 ? `, ${result.notIncomeCount} not income (left out)` : ''}.{' '}
              {newCount > 0
                ? `Ready to import ${entries(newCount)} (${formatPence(result.acceptedAmount)}).`
                : result.refusedCount > 0
                  ? 'Nothing can be imported yet.'
                  : 'Every row is already recorded: nothing to import.'}
              {result.refusedCount > 0 &&
                (result.names.some((name) => name.resolution === 'unknown')
                  ? ' Choose a source for each name above; other refused rows are left out (fix them in your file to add them later).'
                  : ' The refused rows are left out: fix them in your file to add them later.')}
            </p>
            {result.repeatCount > 0 && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={includeRepeats}
                  disabled={importing.isPending}
                  onChange={(event) => chooseRepeats(event.target.checked)}
                />
                Import the repeated rows too: they are separate payments
              </label>
            )}
            <ImportPreviewTable rows={result.rows} includeRepeats={includeRepeats} />
          </>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!canImport || importing.isPending}>
            {canImport ? `Import ${entries(newCount)}` : 'Import'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
