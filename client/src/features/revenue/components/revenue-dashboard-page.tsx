import { PlusIcon, UploadIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { useRecentRevenue } from '../api/get-revenue-entries';
import { useRevenueSummary } from '../api/get-revenue-summary';
import { AddRevenueForm } from './add-revenue-form';
import { ImportDialog } from './import-dialog';
import { RecentEntries } from './recent-entries';
import { RevenueHistory } from './revenue-history';
import { RevenueOverlaps } from './revenue-overlaps';
import { RevenueStatCards } from './revenue-stat-cards';

const RevenueCharts = lazy(() => import('./revenue-charts'));

function ChartsLoading() {
  return (
    <p role="status" className="py-16 text-center text-sm text-muted-foreground">
      Loading...
    </p>
  );
}

/** /dashboard: the revenue tracker. */
export function RevenueDashboardPage() {
  const formId = useId();
  const [isFormOpen, setFormOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const summary = useRevenueSummary();
  const recent = useRecentRevenue();

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
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <UploadIcon aria-hidden="true" />
            Import CSV
          </Button>
          <Button
            aria-expanded={isFormOpen}
            aria-controls={formId}
            onClick={() => setFormOpen((open) => !open)}
          >
            {isFormOpen ? <XIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
            Add revenue
          </Button>
        </div>
      </div>

      <div id={formId} hidden={!isFormOpen}>
        <AddRevenueForm isOpen={isFormOpen} onAdded={() => setFormOpen(false)} />
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
              <Button size="lg" onClick={() => setFormOpen(true)} aria-controls={formId}>
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
      {isImportOpen && <ImportDialog onClose={() => setImportOpen(false)} />}
    </main>
  );
}
