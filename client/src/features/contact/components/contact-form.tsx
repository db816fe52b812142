import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { useSendContactMessage } from '../api/send-contact-message';

const text = (data: FormData, field: string) => String(data.get(field) ?? '');

/**
 * idle → sending → success (form cleared) or failure, each told in a toast with the spec's words. The
 * browser checks the fields (all required, email format); the server's own message is not shown. The
 * fields are uncontrolled: what a visitor types before the page's code arrives is kept.
 */
export function ContactForm({ supportEmail }: { supportEmail: string | undefined }) {
  const send = useSendContactMessage();
  const isHydrated = useIsHydrated();
  const ids = { name: useId(), email: useId(), message: useId() };
  const isSending = send.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const message = { name: text(data, 'name'), email: text(data, 'email'), message: text(data, 'message') };
    send.mutate(message, {
      onSuccess: (result) => {
        if (result.success) {
          form.reset();
          toast({
            title: 'Message sent successfully!',
            description: "We'll get back to you as soon as possible.",
          });
          return;
        }
        console.warn('[ballast] contact message not sent:', result.error);
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
        <Input id={ids.name} name="name" autoComplete="name" required disabled={isSending} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input id={ids.email} name="email" type="email" autoComplete="email" required disabled={isSending} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea id={ids.message} name="message" rows={6} required disabled={isSending} />
      </div>
      <Button type="submit" size="lg" className="w-fit" disabled={isSending || !isHydrated}>
        {isSending ? 'SENDING...' : 'SEND MESSAGE'}
      </Button>
    </form>
  );
}
