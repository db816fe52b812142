import { LaptopIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useAccountSecurity, useSignOutOtherDevices } from '../api/sessions';

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** The devices signed in to the account (newest activity first), and signing the others out. */
export function DevicesSection() {
  const security = useAccountSecurity();
  const signOut = useSignOutOtherDevices();
  const sessions = security.data?.sessions ?? [];
  const others = sessions.filter((session) => !session.isCurrent).length;

  async function signOutOthers() {
    try {
      const { signedOut } = await signOut.mutateAsync();
      toast({
        title: 'Signed Out',
        description: `${signedOut} other ${signedOut === 1 ? 'device is' : 'devices are'} signed out.`,
      });
    } catch (error) {
      toast({
        title: 'Sign Out Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  if (security.isPending) return <p className="text-muted-foreground">Loading your devices...</p>;
  if (security.isError)
    return (
      <p className="text-destructive">Your devices could not be loaded. Reload the page to try again.</p>
    );
  return (
    <>
      <ul className="grid gap-3">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-start gap-3 rounded-md border-2 p-3">
            <LaptopIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {session.device ?? 'An unknown browser'}
                {session.isCurrent && <span className="ml-2 text-sm text-success">This device</span>}
              </p>
              <p className="text-sm break-words text-muted-foreground">
                Signed in {ukDateTime.format(new Date(session.signedInAt))} · last seen{' '}
                {ukDateTime.format(new Date(session.lastSeenAt))}
                {session.ipAddress && ` · IP address ${session.ipAddress}`}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={others === 0 || signOut.isPending}
        onClick={() => void signOutOthers()}
      >
        Sign out other devices
      </Button>
    </>
  );
}
