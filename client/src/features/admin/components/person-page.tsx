import type { Person, PersonPlace, SentEmail } from '@common/admin-people';
import { type ReactNode, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { usePerson, useResendEmail } from '../api/people';
import { AccountCard } from './account-search';
import { AdminTable, Cell, formatWhen } from './admin-table';
import { personHref } from './person-link';
import { FLAG_LABELS, TIER_LABELS } from './waitlist-overview';

const STATE_WORDS: Record<PersonPlace['state'], string> = {
  held: 'Held',
  kept: 'Kept',
  lapsed: 'Lapsed (never confirmed)',
  set_aside: 'Set aside for review',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Place({ place }: { place: PersonPlace | null }) {
  if (!place) return <p className="text-sm text-muted-foreground">No waitlist place.</p>;
  const facts: [string, string][] = [
    ['Place', place.position === null ? '–' : `#${place.position}`],
    ['Tier', TIER_LABELS[place.tier] ?? place.tier],
    [
      'State',
      place.state === 'held' && place.lapsesAt
        ? `Held until ${formatWhen(place.lapsesAt)}`
        : STATE_WORDS[place.state],
    ],
    ['Signed up', `${formatWhen(place.createdAt)} from ${place.signupSource}`],
    ['Confirmed', place.confirmedAt ? formatWhen(place.confirmedAt) : 'Not yet'],
    ['£5 paid', place.tier === 'lifetime_paid' ? (place.paidAt ? formatWhen(place.paidAt) : 'Unpaid') : '–'],
    ['Flags', place.flags.map((flag) => FLAG_LABELS[flag] ?? flag).join(', ') || 'None'],
    ['Referrals counted', String(place.referrals)],
    [
      'Came through a referral',
      place.referralStatus === null
        ? 'No'
        : place.referralStatus === 'counted'
          ? 'Yes, counted'
          : `Yes, void: ${place.referralVoidReason ?? 'no reason kept'}`,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-bold text-muted-foreground">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What each email is, in words; a kind not named here shows as it is stored. */
const TEMPLATE_LABELS: Record<string, string> = {
  'waitlist-welcome': 'Waitlist welcome',
  'waitlist-standing': 'Waitlist standing',
  'waitlist-removal': 'Leaving the waitlist',
  'waitlist-place-review': 'Place removed or on hold',
  'lifetime-place-payment': '£5 lifetime place link',
  'magic-link': 'Sign-in link',
  'verify-email': 'Sign-up confirmation',
  'sign-up-existing': 'Someone tried to sign up',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'password-removed': 'Password removed',
  'sign-in-locked': 'Password sign-in paused',
  'account-deleted': 'Account deleted',
  'contact-acknowledgement': 'Contact acknowledgement',
  'contact-notification': 'Contact message to operators',
  alert: 'Alert',
};

const templateLabel = (template: string) => TEMPLATE_LABELS[template] ?? template;

function describeState(email: SentEmail): string {
  const state = email.status[0]!.toUpperCase() + email.status.slice(1);
  const why = email.status === 'failed' ? email.lastError : email.note;
  return why ? `${state}: ${why}` : state;
}

/** Every email to the address, newest first, each with Send again where sending it again makes sense. */
export function SentEmails({ emails }: { emails: SentEmail[] }) {
  const resend = useResendEmail();
  if (emails.length === 0) return <p className="text-sm text-muted-foreground">No email was sent here.</p>;

  async function resendOne(email: SentEmail) {
    try {
      const result = await resend.mutateAsync(email.id);
      toast(
        result.status === 'pending'
          ? {
              title: 'Sent Again',
              description: `The ${templateLabel(email.template)} email is on its way to ${email.to}.`,
            }
          : {
              variant: 'destructive',
              title: 'Not Sent',
              description: `${email.to} has had as many ${templateLabel(email.template)} emails as an hour allows; try again later.`,
            },
      );
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Not Sent',
        description: describeError(error, 'Please try again.'),
      });
    }
  }

  return (
    <AdminTable caption="Emails sent" headers={['Queued', 'Email', 'To', 'State', 'Attempts', '']}>
      {emails.map((email) => (
        <tr key={email.id}>
          <Cell className="whitespace-nowrap">{formatWhen(email.createdAt)}</Cell>
          <Cell className="font-semibold">{templateLabel(email.template)}</Cell>
          <Cell className="[overflow-wrap:break-word]">{email.to}</Cell>
          <Cell className="max-w-80 break-words">{describeState(email)}</Cell>
          <Cell>{email.attempts}</Cell>
          <Cell>
            {email.notResendable ? (
              <span className="text-xs text-muted-foreground">{email.notResendable}</span>
            ) : (
              <Button
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                onClick={() => void resendOne(email)}
              >
                Send again
                <span className="sr-only">
                  {' '}
                  the {templateLabel(email.template)} email of {formatWhen(email.createdAt)}
                </span>
              </Button>
            )}
          </Cell>
        </tr>
      ))}
    </AdminTable>
  );
}

function Messages({ messages }: { messages: Person['messages'] }) {
  if (messages.length === 0)
    return <p className="text-sm text-muted-foreground">No messages from this address.</p>;
  return (
    <ul className="grid gap-3">
      {messages.map((message) => (
        <li key={message.id} className="grid gap-1 rounded-md border p-3 text-sm">
          <p className="font-semibold">
            {message.kind === 'strategy_review' ? 'Strategy review request' : 'Message'} from {message.name},{' '}
            {formatWhen(message.createdAt)}
            {message.readAt ? '' : ' · unread'}
          </p>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
        </li>
      ))}
    </ul>
  );
}

/** One whole address to look up, given trimmed and lower-cased to `onSubmit`. */
export function AddressForm({
  initial = '',
  submitLabel,
  onSubmit,
}: {
  initial?: string;
  submitLabel: string;
  onSubmit: (email: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(initial);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim()) onSubmit(typed.trim().toLowerCase());
      }}
    >
      <div className="grid min-w-64 flex-1 gap-1">
        <Label htmlFor={id}>Email address</Label>
        <Input
          id={id}
          type="email"
          required
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}

/** Look up another address without going back to a table. */
function PersonLookup({ initial }: { initial?: string }) {
  const [, navigate] = useLocation();
  return (
    <AddressForm initial={initial} submitLabel="Look up" onSubmit={(email) => navigate(personHref(email))} />
  );
}

/** /admin/people?email=: everything held under one address, from every table that shows one. */
export function PersonPage({ email }: { email: string }) {
  const person = usePerson(email);
  if (!email) return <PersonLookup />;
  return (
    <div className="grid gap-8">
      <PersonLookup key={email} initial={email} />
      <h2 className="font-display text-2xl font-black [overflow-wrap:anywhere]">{email}</h2>
      {person.isPending ? (
        <LoadingStatus />
      ) : person.isError ? (
        <LoadFailed what="this person" onRetry={() => void person.refetch()} />
      ) : (
        <>
          <Section title="Waitlist place">
            <Place place={person.data.place} />
          </Section>
          <Section title="Account">
            {person.data.account ? (
              <ul>
                <AccountCard account={person.data.account} />
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No account.</p>
            )}
          </Section>
          <Section title="Emails sent">
            <SentEmails emails={person.data.emails} />
          </Section>
          <Section title="Contact messages">
            <Messages messages={person.data.messages} />
          </Section>
        </>
      )}
    </div>
  );
}
