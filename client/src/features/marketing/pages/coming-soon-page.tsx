import { CheckIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { PageHeader } from '../components/page-header';
import { ROLLOUT } from '../content';

export type ComingSoonProps = { title: string; description: string; expectations: readonly string[] };

/** The generic coming-soon page (Pricing, Community): what is coming, and the way back to the waitlist. */
export function ComingSoonPage({ title, description, expectations }: ComingSoonProps) {
  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 content-center gap-10 px-4 py-14 sm:py-20">
      <PageHeader eyebrow="Coming soon" title={title}>
        <p>{description}</p>
      </PageHeader>
      <section aria-labelledby="what-to-expect" className="grid gap-4 rounded-xl border-2 bg-card p-6">
        <h2 id="what-to-expect" className="text-xl font-extrabold">
          What to expect
        </h2>
        <ul className="grid gap-3">
          {expectations.map((item) => (
            <li key={item} className="flex gap-3">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline" size="lg">
          <Link href="/">Back to home</Link>
        </Button>
        <Button asChild size="lg">
          <Link href="/">Join the waitlist</Link>
        </Button>
      </div>
    </main>
  );
}

const COMING_SOON = {
  community: {
    title: 'Community',
    description: 'A members-only space for creators building income that no algorithm can switch off.',
    expectations: [
      'Niche groups where creators share what is working now.',
      'Monthly live sessions on sponsorships, products and audience ownership.',
      'Early warnings about algorithm changes, straight from other members.',
      `Opening to waitlist members first, in the ${ROLLOUT.Low.toLowerCase()}.`,
    ],
  },
} as const satisfies Record<string, ComingSoonProps>;

export function CommunityPage() {
  return <ComingSoonPage {...COMING_SOON.community} />;
}
