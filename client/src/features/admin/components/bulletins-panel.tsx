import { alertPlatformLabel } from '@common/alert-labels';
import type { Bulletin } from '@common/alerts';
import type { PlatformShift } from '@common/shifts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { onDemand } from '@/lib/on-demand';
import { useBulletinReach, useBulletins, usePublishBulletin } from '../api/bulletins';
import { formatWhen } from './admin-table';
import { BulletinPreview } from './bulletin-preview';
import { ShiftsList } from './shifts-list';

// The bulletin's rules (zod, 24 kB) arrive when the form is first focused; a preview waits for them.
const bulletinRules = onDemand(() => import('@common/alerts'));

type Draft = { [K in keyof Bulletin]-?: string };
/** A platform shift's drafted bulletin, being edited before it is published. */
type ShiftDraft = { shiftId: string; draft: PlatformShift['draft'] };

const EMPTY: Draft = {
  platform: 'youtube',
  severity: 'high',
  title: '',
  description: '',
  impactDescription: '',
  mitigationStrategy: '',
};

const PLATFORMS = ['youtube', 'instagram', 'tiktok', 'twitter', 'other'] as const;
const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

function Field({
  label,
  children,
  error,
}: {
  label: string;
  children: (id: string) => React.ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {error && (
        <p className="text-sm font-semibold text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function BulletinComposer({ fromShift, onDone }: { fromShift: ShiftDraft | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(fromShift?.draft ?? EMPTY);
  const [preview, setPreview] = useState<Bulletin | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const publish = usePublishBulletin();
  const reach = useBulletinReach(preview?.platform);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: event.target.value });
    setPreview(null);
  };

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    let rules: Awaited<ReturnType<typeof bulletinRules.preload>>;
    try {
      rules = await bulletinRules.preload();
    } catch (error) {
      toast({
        title: 'Preview Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    const parsed = rules.bulletinSchema.safeParse({
      ...draft,
      impactDescription: draft.impactDescription.trim() || undefined,
      mitigationStrategy: draft.mitigationStrategy.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setPreview(parsed.data);
  }

  async function confirm() {
    if (!preview) return;
    try {
      const { recipients } = await publish.mutateAsync({ ...preview, shiftId: fromShift?.shiftId });
      toast({
        title: 'Bulletin Published',
        description: `Sent to ${recipients} ${recipients === 1 ? 'creator' : 'creators'} on ${alertPlatformLabel(preview.platform)}.`,
      });
      setDraft(EMPTY);
      setPreview(null);
      onDone();
    } catch (error) {
      toast({
        title: 'Publish Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <form
      onSubmit={(event) => void showPreview(event)}
      onFocus={bulletinRules.triggers.onFocus}
      className="grid gap-4"
      noValidate
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Platform">
          {(id) => (
            <NativeSelect id={id} value={draft.platform} onChange={set('platform')}>
              {PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {alertPlatformLabel(platform)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Severity">
          {(id) => (
            <NativeSelect id={id} value={draft.severity} onChange={set('severity')}>
              {SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {severity[0]!.toUpperCase() + severity.slice(1)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Title" error={errors.title}>
        {(id) => (
          <Input
            id={id}
            value={draft.title}
            onChange={set('title')}
            maxLength={120}
            aria-invalid={Boolean(errors.title)}
          />
        )}
      </Field>
      <Field label="What changed" error={errors.description}>
        {(id) => (
          <Textarea
            id={id}
            value={draft.description}
            onChange={set('description')}
            rows={3}
            aria-invalid={Boolean(errors.description)}
          />
        )}
      </Field>
      <Field label="Impact on creators (optional)" error={errors.impactDescription}>
        {(id) => (
          <Textarea id={id} value={draft.impactDescription} onChange={set('impactDescription')} rows={2} />
        )}
      </Field>
      <Field label="What to do about it (optional)" error={errors.mitigationStrategy}>
        {(id) => (
          <Textarea id={id} value={draft.mitigationStrategy} onChange={set('mitigationStrategy')} rows={2} />
        )}
      </Field>
      <Button type="submit" variant="outline" className="justify-self-start">
        Preview
      </Button>
      {preview && (
        <div className="grid gap-3">
          <BulletinPreview bulletin={preview} label="Preview" />
          <p className="text-sm text-muted-foreground">
            Publishing reaches every creator on {alertPlatformLabel(preview.platform)} at once, and cannot be
            withdrawn.
          </p>
          <Button
            type="button"
            className="justify-self-start"
            onClick={() => void confirm()}
            disabled={publish.isPending || reach.isPending}
          >
            {publish.isPending
              ? 'Publishing...'
              : `Publish to ${reach.data ?? '…'} ${reach.data === 1 ? 'creator' : 'creators'} on ${alertPlatformLabel(preview.platform)}`}
          </Button>
        </div>
      )}
    </form>
  );
}

/** Compose, preview and publish algorithm-change bulletins; the ones already published with their reach. */
export function BulletinsPanel() {
  const bulletins = useBulletins();
  const [fromShift, setFromShift] = useState<ShiftDraft | null>(null);
  const composerHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ShiftsList
        draftingShiftId={fromShift?.shiftId ?? null}
        onDraft={(shift) => {
          setFromShift({ shiftId: shift.id, draft: shift.draft });
          // The button just pressed is disabled now: focus goes to the drafted bulletin, not the page.
          composerHeading.current?.focus();
        }}
      />
      <section className="grid content-start gap-4" aria-labelledby="compose-bulletin">
        <h2
          id="compose-bulletin"
          ref={composerHeading}
          tabIndex={-1}
          className="font-display text-lg font-black uppercase"
        >
          {fromShift ? 'Bulletin for a shared fall' : 'New bulletin'}
        </h2>
        {fromShift && (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => setFromShift(null)}
          >
            Start a blank bulletin instead
          </Button>
        )}
        {/* A new draft starts the form afresh. */}
        <BulletinComposer
          key={fromShift?.shiftId ?? 'blank'}
          fromShift={fromShift}
          onDone={() => setFromShift(null)}
        />
      </section>
      <section className="grid content-start gap-4" aria-labelledby="published-bulletins">
        <h2 id="published-bulletins" className="font-display text-lg font-black uppercase">
          Published
        </h2>
        {bulletins.isPending ? (
          <LoadingStatus />
        ) : bulletins.isError ? (
          <LoadFailed what="bulletins" onRetry={() => void bulletins.refetch()} />
        ) : bulletins.data.length === 0 ? (
          <p className="text-muted-foreground">No bulletins yet.</p>
        ) : (
          <ul className="grid gap-3">
            {bulletins.data.map((bulletin) => (
              <li key={bulletin.id} className="grid gap-1">
                <BulletinPreview bulletin={bulletin} />
                <p className="text-xs text-muted-foreground">
                  {formatWhen(bulletin.createdAt)} by {bulletin.publishedBy} · reached {bulletin.recipients}{' '}
                  {bulletin.recipients === 1 ? 'creator' : 'creators'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
