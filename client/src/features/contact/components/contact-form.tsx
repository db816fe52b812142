import { MAX_CONTACT_MESSAGE_LENGTH, MAX_CONTACT_NAME_LENGTH } from '@common/contact-schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';

const text = (data: FormData, field: string) => String(data.get(field) ?? '');

type Field = 'name' | 'email' | 'message';

const count = (value: number) => value.toLocaleString('en-GB');

/**
 * idle → sending → success (form cleared) or failure, each told in a toast
 * (docs/product/public-site.md#contact). The browser checks the fields (all required, email format) and their
 * lengths, with the message's limit shown as it fills; a reason the server gives for a field appears beside
 * it, while the toast stays the generic one. The fields are uncontrolled: what a visitor types before the
 * page's code arrives is kept.
 */
export function ContactForm({ supportEmail }: { supportEmail: string | undefined }) {
  const send = useSendContactMessage();
  const isHydrated = useIsHydrated();
  const ids = { name: useId(), email: useId(), message: useId(), counter: useId() };
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [messageLength, setMessageLength] = useState(0);
  // A message typed before the page's code arrived raised no input event React saw: count it once live.
  useEffect(() => setMessageLength(messageRef.current?.value.length ?? 0), []);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const isSending = send.isPending;

  const describedBy = (field: Field, ...others: string[]) =>
    [...others, fieldErrors[field] ? `${ids[field]}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    fieldErrors[field] ? (
      <p id={`${ids[field]}-error`} className="text-sm font-semibold text-destructive">
        {fieldErrors[field]}
      </p>
    ) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const message = { name: text(data, 'name'), email: text(data, 'email'), message: text(data, 'message') };
    setFieldErrors({});
    send.mutate(message, {
      onSuccess: (result) => {
        if (result.success) {
          form.reset();
          setMessageLength(0);
          toast({
            title: 'Message sent successfully!',
            description: "We'll get back to you as soon as possible.",
          });
          return;
        }
        console.warn('[ballast] contact message not sent:', result.error);
        setFieldErrors(result.fields ?? {});
        toast({
          variant: 'destructive',
          title: 'Something went wrong',
          description: `Please try again or contact us directly at ${supportEmail ?? 'our support address'}`,
        });
      },
    });
  }

  return (
    <form className="grid gap-5" onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          name="name"
          autoComplete="name"
          required
          maxLength={MAX_CONTACT_NAME_LENGTH}
          disabled={isSending}
          aria-invalid={fieldErrors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
        {fieldError('name')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          disabled={isSending}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={describedBy('email')}
        />
        {fieldError('email')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          ref={messageRef}
          id={ids.message}
          name="message"
          rows={6}
          required
          maxLength={MAX_CONTACT_MESSAGE_LENGTH}
          disabled={isSending}
          onInput={(event) => setMessageLength(event.currentTarget.value.length)}
          aria-invalid={fieldErrors.message ? true : undefined}
          aria-describedby={describedBy('message', ids.counter)}
        />
        <p id={ids.counter} className="text-right text-xs text-muted-foreground tabular-nums">
          {count(messageLength)} / {count(MAX_CONTACT_MESSAGE_LENGTH)} characters
        </p>
        {fieldError('message')}
      </div>
      <Button type="submit" size="lg" className="w-fit" disabled={isSending || !isHydrated}>
        {isSending ? 'SENDING...' : 'SEND MESSAGE'}
      </Button>
    </form>
  );
}
