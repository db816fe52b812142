import { PlusIcon, UploadIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { onDemand } from '@/lib/on-demand';
import { useRecentRevenue } from '../api/get-revenue-entries';
import { useRevenueSummary } from '../api/get-revenue-summary';
import { RecentEntries } from './recent-entries';
import { RevenueHistory } from './revenue-history';
import { RevenueOverlaps } from './revenue-overlaps';
import { RevenueStatCards } from './revenue-stat-cards';

const RevenueCharts = lazy(() => import('./revenue-charts'));
// The form and the import dialog carry react-hook-form, zod and Radix Dialog: they load when asked for.
const addForm = onDemand(() => import('./add-revenue-form'));
const importDialog = onDemand(() => import('./import-dialog'));

function ChartsLoading() {
  return (
    <p role="status" className="py-16 text-center text-sm text-muted-foreground">
      Loading...
    </p>
  );
}

/**
 * A month to add, from a "not recorded yet" reminder's "Add it" (`?add=youtube_ads&date=2026-11-30&amount=1460.00`):
 * its source, its usual amount and the month's last day, for the creator to check and save.
 */
function entryToAdd(search: string) {
  const query = new URLSearchParams(search);
  const source = query.get('add');
  const date = query.get('date') ?? '';
  if (!source || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  return { source, amount: query.get('amount') ?? '', date };
}

/** /dashboard: the revenue tracker. */
export function RevenueDashboardPage() {
  const formId = useId();
  const search = useSearch();
  const [start] = useState(() => entryToAdd(search));
  const [isFormOpen, setFormOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const summary = useRevenueSummary();
  const recent = useRecentRevenue();
  const AddRevenueForm = addForm.module?.AddRevenueForm;
  const ImportDialog = importDialog.module?.ImportDialog;
  const showForm = (isOpen: (wasOpen: boolean) => boolean) => addForm.open(() => setFormOpen(isOpen));
  // A reminder's "Add it" arrives with the form open on its month.
  useEffect(() => {
    if (start) addForm.open(() => setFormOpen(true));
  }, [start]);

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 grid-cols-1 content-start gap-6 px-4 py-10 [&>*]:min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">
            Revenue Tracker
          </h1>
          <p className="mt-1 text-muted-foreground">Every stream you earn from, in one place.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            {...importDialog.triggers}
            onClick={() => importDialog.open(() => setImportOpen(true))}
          >
            <UploadIcon aria-hidden="true" />
            Import CSV
          </Button>
          <Button
            aria-expanded={isFormOpen}
            aria-controls={formId}
            {...addForm.triggers}
            onClick={() => showForm((wasOpen) => !wasOpen)}
          >
            {isFormOpen ? <XIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
            Add revenue
          </Button>
        </div>
      </div>

      <div id={formId} hidden={!isFormOpen}>
        {AddRevenueForm && (
          <AddRevenueForm isOpen={isFormOpen} onAdded={() => setFormOpen(false)} start={start} />
        )}
      </div>

      {summary.isPending ? (
        <LoadingStatus />
      ) : summary.isError ? (
        <LoadFailed what="your revenue" onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <RevenueStatCards summary={summary.data} />
          <RevenueOverlaps />
          {summary.data.entryCount === 0 ? (
            <Card className="grid justify-items-center gap-4 px-6 py-14 text-center">
              <p className="text-lg font-semibold">No revenue entries yet. Start tracking your income!</p>
              <Button
                size="lg"
                {...addForm.triggers}
                onClick={() => showForm(() => true)}
                aria-controls={formId}
              >
                <PlusIcon aria-hidden="true" />
                Add your first entry
              </Button>
            </Card>
          ) : (
            <>
              <Suspense fallback={<ChartsLoading />}>
                <RevenueCharts summary={summary.data} />
              </Suspense>
              {recent.data && recent.data.length > 0 && <RecentEntries entries={recent.data} />}
              <RevenueHistory />
            </>
          )}
        </>
      )}
      {isImportOpen && ImportDialog && <ImportDialog onClose={() => setImportOpen(false)} />}
    </main>
  );
}
