import { Link } from 'wouter';
import { useCompany } from '@/lib/company';
import { LegalPage, SupportEmailLink } from '../components/legal-page';

/** The privacy policy of a UK service: what we collect, why, who processes it, for how long, your rights. */
export function PrivacyPage() {
  const company = useCompany();
  return (
    <LegalPage
      title="Privacy policy"
      lead={
        <p>
          Ballast helps creators protect their income from algorithm changes. To do that we handle some
          personal data, including figures about what you earn. This policy explains what we collect, why, who
          helps us process it, how long we keep it and the rights you have under the UK General Data
          Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
      }
    >
      <section>
        <h2>Who we are</h2>
        <p data-testid="data-controller">
          The data controller for the personal data described here is <strong>{company.name}</strong> (
          {company.address}). You can reach us about anything in this policy at <SupportEmailLink />.
        </p>
      </section>

      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your email address</strong>, when you join the waitlist, write to us or create an account,
            with the name you give us and where you signed up (for example the home page).
          </li>
          <li>
            <strong>Account details</strong>: your first name, profile picture if your sign-in provider shares
            one, and your answers to the onboarding questions (platforms, niche, audience size, income range,
            goals).
          </li>
          <li>
            <strong>Revenue figures</strong> you enter or import: the source, amount, date and an optional
            description of each entry.
          </li>
          <li>
            <strong>Screenshots</strong> of your analytics that you upload, and the figures we read from them.
            We re-encode every image before storing it, which removes embedded metadata such as location.
          </li>
          <li>
            <strong>Platform data</strong> if you connect YouTube, Instagram or TikTok: your account name and
            identifier and the performance figures the platform’s API provides, read-only.
          </li>
          <li>
            <strong>Messages</strong> you send through the contact form: your name, email and message.
          </li>
          <li>
            <strong>Payment records</strong> if you buy a plan: the plan, amounts and dates. Card details go
            straight to our payment provider; we never see or store them.
          </li>
          <li>
            <strong>Technical data</strong>: your IP address and browser details in our server logs, used to
            keep the service secure (for example to limit repeated sign-in attempts).
          </li>
        </ul>
      </section>

      <section>
        <h2>Why we use it, and our lawful basis</h2>
        <ul>
          <li>
            To run the waitlist and tell you when your spot opens: our legitimate interest in launching the
            product, and your consent to hear from us, which you can withdraw at any time with the unsubscribe
            link in every email.
          </li>
          <li>
            To provide the service you signed up for (health checks, alerts, your blueprint, your revenue
            tracker): performance of our contract with you.
          </li>
          <li>To answer your messages: our legitimate interest in helping the people who contact us.</li>
          <li>To take payment and keep accounting records: contract and legal obligation.</li>
          <li>To keep Ballast secure and working: our legitimate interest.</li>
        </ul>
        <p>
          We do not sell your data, and we do not use your revenue figures or screenshots for advertising. No
          decision with legal or similarly significant effects is made about you by automated means alone.
        </p>
      </section>

      <section>
        <h2>Falls shared across creators</h2>
        <p>
          When most creators on a platform lose views over the same days, that points to a change on the
          platform rather than in anyone’s content, and our alerts say so. To tell, we compare the daily views
          that connected YouTube, Instagram and TikTok accounts report, each against its own usual level, and
          keep only totals for the whole group: how many creators were compared, how many fell by a third or
          more, the typical change and the day the fall began. Nothing about a group of fewer than 20 creators
          is recorded or shown. No creator’s own figures, name or channel are ever shown to another creator,
          and the totals name no one. Figures from screenshots, revenue and onboarding answers are not used
          for this. Our lawful basis is performance of our contract with you (the alerts you signed up for),
          and disconnecting a platform leaves your figures out of every later comparison.
        </p>
      </section>

      <section>
        <h2>Who processes it for us</h2>
        <p>We use a small number of processors, each bound by a data processing agreement:</p>
        <ul>
          <li>our hosting and database provider, which stores the service’s data;</li>
          <li>our email delivery provider, which sends waitlist, sign-in and support emails;</li>
          <li>
            our customer-relationship service, which keeps a copy of waitlist, contact and account records;
          </li>
          <li>Stripe, which takes card payments and manages subscriptions;</li>
          <li>
            when enabled, an AI model provider that drafts parts of your blueprint from your onboarding
            answers and scores (never your email address or screenshots).
          </li>
        </ul>
        <p>
          If you connect a platform, Google (YouTube), Meta (Instagram) or TikTok process your data under
          their own privacy policies. Where a processor handles data outside the UK, we rely on UK adequacy
          regulations or the International Data Transfer Agreement.
        </p>
      </section>

      <section>
        <h2>How long we keep it</h2>
        <ul>
          <li>
            Waitlist entries: until you unsubscribe or ask us to delete them, and at most 24 months after
            launch.
          </li>
          <li>
            Account data, revenue figures, screenshots and platform data: while your account is open. Deleting
            your account removes them at once, and from backups within 30 days.
          </li>
          <li>Contact messages: 24 months after our last reply.</li>
          <li>Payment records: 6 years, as UK tax law requires.</li>
          <li>Server logs: 30 days.</li>
        </ul>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased;</li>
          <li>restrict or object to how we use it;</li>
          <li>
            receive your data in a portable format: signed-in users can download everything as JSON from their
            account;
          </li>
          <li>withdraw consent at any time, without affecting what we did before.</li>
        </ul>
        <p>
          Write to <SupportEmailLink /> to use any of these rights. We answer within one month. If you are
          unhappy with how we handle your data, you can complain to the Information Commissioner’s Office at
          ico.org.uk or on 0303 123 1113.
        </p>
      </section>

      <section>
        <h2>Cookies</h2>
        <p>
          We use one essential cookie to keep you signed in. We do not use advertising or tracking cookies, so
          there is nothing to accept or refuse.
        </p>
      </section>

      <section>
        <h2>Changes and contact</h2>
        <p>
          When we change this policy we update the date at the top, and we email account holders about
          significant changes. Questions: <SupportEmailLink />, or use the{' '}
          <Link href="/contact" className="font-semibold text-primary underline underline-offset-4">
            contact form
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}
