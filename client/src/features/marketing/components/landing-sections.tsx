import type { ReactNode } from 'react';
import { useId } from 'react';
import { JoinWaitlistButton, WaitlistForm } from '@/features/waitlist/public';
import { cn } from '@/lib/utils';
import { GUARANTEE, PRIORITIES, ROLLOUT } from '../content';
import { FINAL_CALL, OBJECTIONS, PAIN_QUOTES, PROBLEM, STEPS, TESTIMONIAL } from '../landing-copy';
import { AVAILABLE_NOW, TOOLS } from '../tools';

function Section(props: {
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('border-t', props.className)}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-20">
        <div className="grid max-w-3xl gap-3">
          <p className="text-sm font-bold uppercase tracking-widest text-accent">{props.eyebrow}</p>
          <h2 id={titleId} className="font-display text-3xl font-black uppercase tracking-tight sm:text-5xl">
            {props.title}
          </h2>
          {props.lead && <p className="text-lg text-muted-foreground">{props.lead}</p>}
        </div>
        {props.children}
      </div>
    </section>
  );
}

export function ProblemSection() {
  return (
    <Section eyebrow="The problem" title={PROBLEM.title} lead={PROBLEM.lead}>
      <ul className="grid gap-4 md:grid-cols-3">
        {PROBLEM.points.map((point) => (
          <li
            key={point.title}
            className="grid content-start gap-2 rounded-lg border-l-4 border-destructive bg-card p-5"
          >
            <h3 className="text-lg font-extrabold">{point.title}</h3>
            <p className="text-muted-foreground">{point.text}</p>
          </li>
        ))}
      </ul>
      <JoinWaitlistButton className="w-fit">Protect my income</JoinWaitlistButton>
    </Section>
  );
}

export function TestimonialSection() {
  return (
    <Section eyebrow="A creator’s story" title="It only takes one update">
      <figure className="grid gap-4 rounded-xl border-2 border-primary/40 bg-card p-6 sm:p-10">
        <blockquote className="text-xl font-semibold leading-relaxed sm:text-2xl">
          “{TESTIMONIAL.quote}”
        </blockquote>
        <figcaption className="grid gap-1 text-sm">
          <span className="font-bold text-primary">{TESTIMONIAL.attribution}</span>
          <span className="text-muted-foreground">{TESTIMONIAL.note}</span>
        </figcaption>
      </figure>
    </Section>
  );
}

export function PainQuotesSection() {
  return (
    <Section eyebrow="Sound familiar?" title="What creators tell us">
      <ul className="grid gap-4 sm:grid-cols-2">
        {PAIN_QUOTES.map((item) => (
          <li key={item.quote} className="rounded-lg border bg-card p-5">
            <figure className="grid gap-3">
              <blockquote className="text-lg font-semibold">“{item.quote}”</blockquote>
              <figcaption className="text-sm text-muted-foreground">{item.who}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function StepsSection() {
  return (
    <Section eyebrow="How it works" title="Detect. Diagnose. Deploy.">
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.name} className="grid content-start gap-3 rounded-lg border bg-card p-6">
            <span aria-hidden="true" className="font-display text-5xl font-black text-primary">
              0{index + 1}
            </span>
            <h3 className="font-display text-2xl font-black uppercase">{step.name}</h3>
            <p className="text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/**
 * The roadmap: the tools a creator can use in the app today, then the rest grouped by the release they are
 * planned for (the features page's rollout schedule).
 */
export function RoadmapSection() {
  const groups = [
    { label: AVAILABLE_NOW, tools: TOOLS.filter((tool) => tool.isAvailable) },
    ...PRIORITIES.map((priority) => ({
      label: ROLLOUT[priority],
      tools: TOOLS.filter((tool) => !tool.isAvailable && tool.priority === priority),
    })),
  ].filter((group) => group.tools.length > 0);
  return (
    <Section eyebrow="Roadmap" title="What ships when">
      <ol className="grid gap-4 md:grid-cols-2">
        {groups.map((group, index) => (
          <li
            key={group.label}
            className={cn(
              'grid content-start gap-3 rounded-lg border bg-card p-6',
              index === 0 && 'border-2 border-primary',
            )}
          >
            <p className="font-display text-2xl font-black">{group.label}</p>
            <ul className="grid gap-2 text-muted-foreground">
              {group.tools.map((tool) => (
                <li key={tool.name}>{tool.name}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <JoinWaitlistButton className="w-fit">Get first access</JoinWaitlistButton>
    </Section>
  );
}

export function ObjectionsSection() {
  return (
    <Section eyebrow="Straight answers" title="But what about…">
      <div className="grid gap-3">
        {OBJECTIONS.map((item) => (
          <details key={item.question} className="group rounded-lg border bg-card p-5 open:border-primary/60">
            <summary className="cursor-pointer list-none text-lg font-extrabold marker:hidden">
              <span aria-hidden="true" className="mr-3 inline-block text-primary group-open:rotate-45">
                +
              </span>
              {item.question}
            </summary>
            <p className="mt-3 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

export function FinalCallSection() {
  return (
    <Section
      eyebrow="Don’t wait for the next update"
      title={FINAL_CALL.title}
      lead={FINAL_CALL.lead}
      className="bg-card"
    >
      <div className="grid max-w-2xl gap-4">
        <WaitlistForm signupSource="landing" submitLabel="SECURE MY SPOT" />
        <p className="text-sm text-muted-foreground">{GUARANTEE} on every paid plan.</p>
      </div>
    </Section>
  );
}
