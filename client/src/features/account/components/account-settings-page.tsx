import { MAX_PROFILE_IMAGE_BYTES } from '@common/account-limits';
import type { CurrentUser } from '@common/auth-schemas';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, ImageUpIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { billingStatusQueryOptions } from '@/features/billing/public';
import { describeError } from '@/lib/api';
import { onDemand } from '@/lib/on-demand';
import { useRemoveProfileImage, useUploadProfileImage } from '../api/profile-image';
import { useUpdateProfile } from '../api/update-profile';
import { DevicesSection } from './devices-section';
import { PasswordSection } from './password-section';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card className="p-6" role="region" aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-black tracking-tight uppercase">
        {title}
      </h2>
      <div className="mt-4 grid gap-4">{children}</div>
    </Card>
  );
}

function ProfilePicture({ user }: { user: CurrentUser }) {
  const upload = useUploadProfileImage();
  const removal = useRemoveProfileImage();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  async function choose(file: File | undefined) {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      toast({ title: 'Picture Updated' });
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: describeError(error, 'Your picture could not be uploaded. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    try {
      await removal.mutateAsync(undefined);
      toast({ title: 'Picture Removed' });
    } catch (error) {
      toast({
        title: 'Remove Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={user.profileImageUrl} alt="Your profile" size="large" />
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Profile picture</Label>
        <Input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={upload.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
          aria-describedby={`${inputId}-hint`}
        />
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          <ImageUpIcon className="mr-1 inline size-4" aria-hidden="true" />
          JPEG, PNG or WebP, up to {MAX_PROFILE_IMAGE_BYTES / 1024 / 1024}MB.{' '}
          {upload.isPending && 'Uploading...'}
        </p>
      </div>
      {user.profileImageUrl && (
        <Button variant="outline" size="sm" onClick={() => void remove()} disabled={removal.isPending}>
          Remove picture
        </Button>
      )}
    </div>
  );
}

// Radix Dialog loads when deletion is asked for; the name's rules (zod, 24 kB) when the name is edited.
const nameRules = onDemand(() => import('@common/account'));
const deleteDialog = onDemand(() => import('./delete-account-dialog'));

function FirstNameForm({ user }: { user: CurrentUser }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const inputId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    let rules: Awaited<ReturnType<typeof nameRules.preload>>;
    try {
      rules = await nameRules.preload();
    } catch (error) {
      toast({
        title: 'Save Failed',
        description: describeError(error, 'Your name could not be saved. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    const parsed = rules.profileUpdateSchema.safeParse({ firstName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ firstName });
      toast({ title: 'Name Saved' });
    } catch (error) {
      toast({
        title: 'Save Failed',
        description: describeError(error, 'Your name could not be saved. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={save} onFocus={nameRules.triggers.onFocus} className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-60 flex-1 gap-2">
        <Label htmlFor={inputId}>First name</Label>
        <Input
          id={inputId}
          value={firstName}
          maxLength={50}
          autoComplete="given-name"
          onChange={(event) => setFirstName(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {error && (
          <p id={`${inputId}-error`} className="text-sm font-semibold text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  );
}

/** /settings: the creator's profile, their answers, and their rights to a copy of their data and to erasure. */
/** The plan and where it comes from ("Lifetime · The Guardian"), with the way to change it. */
function YourPlanSummary() {
  const status = useQuery(billingStatusQueryOptions());
  return (
    <>
      <p className="text-lg font-bold" data-testid="account-plan">
        {status.data?.planLabel ?? (status.isError ? 'Your plan could not be loaded.' : 'Loading...')}
      </p>
      <Button variant="outline" asChild className="w-fit">
        <Link href="/subscribe">Plans and billing</Link>
      </Button>
    </>
  );
}

export function AccountSettingsPage({ user }: { user: CurrentUser }) {
  const [isDeleting, setDeleting] = useState(false);
  const DeleteAccountDialog = deleteDialog.module?.DeleteAccountDialog;
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <p className="text-sm font-bold tracking-wide text-primary uppercase">{user.email}</p>
      <h1 className="mt-1 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">
        Account settings
      </h1>
      <div className="mt-8 grid gap-6">
        <Section title="Profile">
          <ProfilePicture user={user} />
          <FirstNameForm user={user} />
        </Section>
        <Section title="Your plan">
          <YourPlanSummary />
        </Section>
        <Section title="Your answers">
          <p className="text-muted-foreground">
            Your platforms, niche and goals shape your health check and blueprint. Changed something?
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link href="/onboarding">Update your answers</Link>
          </Button>
        </Section>
        <Section title="Password">
          <PasswordSection />
        </Section>
        <Section title="Signed-in devices">
          <DevicesSection />
        </Section>
        <Section title="Your data">
          <p className="text-muted-foreground">
            Everything Ballast holds about you, in one JSON file: profile, answers, revenue, health checks,
            blueprints, alerts, connections and screenshots.
          </p>
          <Button asChild variant="outline" className="justify-self-start">
            <a href="/api/account/export" download>
              <DownloadIcon aria-hidden="true" />
              Download my data
            </a>
          </Button>
        </Section>
        <Section title="Delete account">
          <p className="text-muted-foreground">
            Deletes your account and everything in it, cancels any subscription and emails you a confirmation.
          </p>
          <Button
            variant="destructive"
            className="justify-self-start"
            {...deleteDialog.triggers}
            onClick={() => deleteDialog.open(() => setDeleting(true))}
          >
            <Trash2Icon aria-hidden="true" />
            Delete my account
          </Button>
        </Section>
      </div>
      {isDeleting && DeleteAccountDialog && (
        <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />
      )}
    </main>
  );
}
