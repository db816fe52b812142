import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useSendContactMessage } from '../api/send-contact-message';

const EMPTY = { name: '', email: '', message: '' };

/**
 * idle → sending → success (form cleared) or failure, each told in a toast with the spec's words. The
 * browser checks the fields (all required, email format); the server's own message is not shown.
 */
export function ContactForm({ supportEmail }: { supportEmail: string | undefined }) {
  const [fields, setFields] = useState(EMPTY);
  const send = useSendContactMessage();
  const ids = { name: useId(), email: useId(), message: useId() };
  const isSending = send.isPending;

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send.mutate(fields, {
      onSuccess: (result) => {
        if (result.success) {
          setFields(EMPTY);
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
        <Input
          id={ids.name}
          name="name"
          autoComplete="name"
          required
          value={fields.name}
          onChange={update('name')}
          disabled={isSending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={update('email')}
          disabled={isSending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          id={ids.message}
          name="message"
          rows={6}
          required
          value={fields.message}
          onChange={update('message')}
          disabled={isSending}
        />
      </div>
      <Button type="submit" size="lg" className="w-fit" disabled={isSending}>
        {isSending ? 'SENDING...' : 'SEND MESSAGE'}
      </Button>
    </form>
  );
}
