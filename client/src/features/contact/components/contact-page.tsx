import { ClockIcon, MailIcon, MapPinIcon } from 'lucide-react';
import { useEffect } from 'react';
import { preloadToaster } from '@/components/ui/toaster-host';
import { useSupportEmail } from '@/lib/support-email';
import { ContactForm } from './contact-form';

/** The contact page: the form, and the direct ways to reach the team. */
export function ContactPage() {
  const supportEmail = useSupportEmail();
  // Sending ends in a toast: have its code ready before the visitor presses send.
  useEffect(preloadToaster, []);

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-12 px-4 py-14 sm:py-20">
      <header className="grid max-w-3xl gap-4">
        <p className="text-sm font-bold uppercase tracking-widest text-accent">Contact</p>
        <h1 className="font-display text-4xl font-black uppercase leading-none tracking-tight sm:text-6xl">
          Talk to a human
        </h1>
        <p className="text-lg text-muted-foreground">
          Questions about Ballast, the waitlist, partnerships or your data: write to us and a real person
          answers.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="contact-form-title"
          className="grid gap-5 rounded-xl border-2 bg-card p-6 sm:p-8"
        >
          <h2 id="contact-form-title" className="text-2xl font-extrabold">
            Send us a message
          </h2>
          <ContactForm supportEmail={supportEmail} />
        </section>
        <section
          aria-labelledby="contact-direct-title"
          className="grid content-start gap-5 rounded-xl border bg-card p-6 sm:p-8"
        >
          <h2 id="contact-direct-title" className="text-2xl font-extrabold">
            Contact us directly
          </h2>
          <ul className="grid gap-5">
            <li className="flex gap-3">
              <MailIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="grid gap-1">
                <span className="font-semibold">Email</span>
                {supportEmail ? (
                  <a
                    href={`mailto:${supportEmail}`}
                    className="break-all text-primary underline underline-offset-4 max-sm:flex max-sm:min-h-11 max-sm:items-center"
                  >
                    {supportEmail}
                  </a>
                ) : (
                  <span className="text-muted-foreground">Loading...</span>
                )}
              </span>
            </li>
            <li className="flex gap-3">
              <ClockIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="grid gap-1">
                <span className="font-semibold">Response time</span>
                <span className="text-muted-foreground">We reply within 24 hours on business days.</span>
              </span>
            </li>
            <li className="flex gap-3">
              <MapPinIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="grid gap-1">
                <span className="font-semibold">Where we are</span>
                <span className="text-muted-foreground">
                  United Kingdom, working UK hours (Monday to Friday).
                </span>
              </span>
            </li>
          </ul>
        </section>
      </div>
    </main>
  );
}
