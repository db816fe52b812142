import type { ReactNode } from 'react';
import { useSupportEmail } from '@/lib/support-email';
import { PageHeader } from './page-header';

/** When the legal pages last changed, written the UK way (day, month, year) for a UK service. */
export const LEGAL_LAST_UPDATED = '28 January 2025';

/** The layout of the privacy policy and the terms: long text, readable measure, dated. */
export function LegalPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 gap-10 px-4 py-14 sm:py-20">
      <PageHeader eyebrow="Legal" title={title}>
        <p>Last updated {LEGAL_LAST_UPDATED}</p>
      </PageHeader>
      <div className="grid gap-8 text-base leading-relaxed [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-extrabold [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:grid [&_ul]:gap-2">
        <div className="text-lg">{lead}</div>
        {children}
      </div>
    </main>
  );
}

/** The support address as a link; the server fills it in on prerendered pages. */
export function SupportEmailLink() {
  const supportEmail = useSupportEmail();
  if (!supportEmail) return <span>our support address (see the contact page)</span>;
  return (
    <a href={`mailto:${supportEmail}`} className="font-semibold text-primary underline underline-offset-4">
      {supportEmail}
    </a>
  );
}
