import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useDeliveries, useRetryDelivery } from '../api/deliveries';
import { usePerson } from '../api/people';
import { AdminTable, Cell, formatWhen } from './admin-table';
import { PersonLink } from './person-link';
import { AddressForm, SentEmails } from './person-page';

const STATES = [
  ['pending', 'Pending'],
  ['delivered', 'Delivered'],
  ['skipped', 'Skipped'],
  ['failed', 'Failed'],
] as const;

/** "I never got my confirmation": every email to one address, whatever became of it, to send again. */
function SearchByAddress() {
  const id = useId();
  const [email, setEmail] = useState('');
  // The person's own page's query: the same emails, and a cached answer when the operator opens them.
  const found = usePerson(email);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="font-bold">
        Emails to one address
      </h2>
      <AddressForm submitLabel="Find emails" onSubmit={setEmail} />
      {email &&
        (found.isPending ? (
          <LoadingStatus />
        ) : found.isError ? (
          <LoadFailed what="emails" onRetry={() => void found.refetch()} />
        ) : (
          <SentEmails emails={found.data.emails} />
        ))}
    </section>
  );
}

/** The outbox at a glance, and the messages that failed after every retry, each with a retry button. */
export function DeliveriesPanel() {
  const deliveries = useDeliveries();
  const retry = useRetryDelivery();

  async function retryOne(id: string) {
    try {
      await retry.mutateAsync(id);
      toast({ title: 'Queued Again', description: 'The message will be sent with a fresh set of retries.' });
    } catch (error) {
      toast({
        title: 'Retry Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  if (deliveries.isPending) return <LoadingStatus />;
  if (deliveries.isError) return <LoadFailed what="deliveries" onRetry={() => void deliveries.refetch()} />;
  const { counts, failed } = deliveries.data;
  return (
    <div className="grid gap-4">
      <SearchByAddress />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STATES.map(([state, label]) => (
          <div key={state} className="rounded-md border p-3">
            <dt className="text-xs font-bold text-muted-foreground uppercase">{label}</dt>
            <dd className="font-display text-2xl font-black">{counts[state].toLocaleString('en-GB')}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        Delivered: handed to the email transport (or the development mailbox when none is set up) or the
        external data service. Skipped: deliberately not sent, such as waitlist emails to an address that
        unsubscribed. Failed: gave up after every retry; fix the cause, then retry.
      </p>
      {failed.length === 0 ? (
        <p className="text-muted-foreground">No failed deliveries.</p>
      ) : (
        <AdminTable
          caption="Failed deliveries"
          headers={['Message', 'To', 'Attempts', 'Error', 'Failed', '']}
        >
          {failed.map((message) => (
            <tr key={message.id}>
              <Cell className="font-semibold">{message.kind}</Cell>
              <Cell className="[overflow-wrap:anywhere]">
                {message.channel === 'email' ? <PersonLink email={message.recipient} /> : message.recipient}
              </Cell>
              <Cell>{message.attempts}</Cell>
              <Cell className="max-w-80 break-words text-destructive">{message.lastError ?? '–'}</Cell>
              <Cell className="whitespace-nowrap">
                {message.failedAt ? formatWhen(message.failedAt) : '–'}
              </Cell>
              <Cell>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void retryOne(message.id)}
                  disabled={retry.isPending}
                >
                  Retry
                  <span className="sr-only">
                    {' '}
                    {message.kind} to {message.recipient}
                  </span>
                </Button>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
