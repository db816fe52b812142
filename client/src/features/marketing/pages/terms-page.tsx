import { Link } from 'wouter';
import { LegalPage, SupportEmailLink } from '../components/legal-page';
import { CLAIMS, PLANS } from '../content';

const linkClass = 'font-semibold text-primary underline underline-offset-4';

/** The terms of service: the waitlist, accounts, plans and refunds, content, liability, English law. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of service"
      lead={
        <p>
          These terms apply when you use Ballast: the website, the waitlist and the signed-in service. By
          joining the waitlist or creating an account you agree to them. If you are using Ballast for a
          business, you agree on its behalf.
        </p>
      }
    >
      <section>
        <h2>The waitlist</h2>
        <p>
          Joining the waitlist is free. Your position is set by the order in which addresses join, and each
          address can join once. The first 50 people on the list are offered lifetime free access and the next
          500 lifetime access for £5, on the terms in force when their spot opens. Beta spots are for channels
          earning {CLAIMS.betaRevenueThreshold}. A spot cannot be sold or transferred, and we may remove
          entries made with false or automated details.
        </p>
      </section>

      <section>
        <h2>Your account</h2>
        <p>
          You must be at least 18, or have a parent’s or guardian’s permission, and give accurate details.
          Keep your sign-in secure; you are responsible for what happens in your account. Tell us at once at{' '}
          <SupportEmailLink /> if you think someone else has used it.
        </p>
      </section>

      <section>
        <h2>Plans, payment and refunds</h2>
        <ul>
          <li>
            {PLANS.blueprint.name}: {PLANS.blueprint.price} {PLANS.blueprint.billing}.
          </li>
          <li>
            {PLANS.guardian.name}: {PLANS.guardian.price} {PLANS.guardian.billing}.
          </li>
          <li>
            {PLANS.mastermind.name}: {PLANS.mastermind.price} {PLANS.mastermind.billing}.
          </li>
        </ul>
        <p>
          Prices are in pounds sterling and include VAT where it applies. Subscriptions renew each month until
          you cancel; you can cancel anytime and keep access until the end of the period you paid for. Every
          paid plan has a {CLAIMS.moneyBackDays}-day money-back guarantee: ask within {CLAIMS.moneyBackDays}{' '}
          days of your first payment for a plan and we refund it in full. This is in addition to your rights
          under the Consumer Contracts Regulations and the Consumer Rights Act 2015.
        </p>
      </section>

      <section>
        <h2>What Ballast is, and is not</h2>
        <p>
          Ballast gives information, scores, alerts and plans to help you make decisions about your creator
          business. It is not financial, tax or legal advice, and we cannot promise any particular result:
          platforms change their rules without telling anyone, and your results depend on what you do. Alerts
          rely on data from you and from the platforms, which can be late, incomplete or wrong.
        </p>
      </section>

      <section>
        <h2>Your content and data</h2>
        <p>
          The revenue figures, screenshots and other material you add stay yours. You give us the permission
          we need to store and process them to provide the service, as described in our{' '}
          <Link href="/privacy" className={linkClass}>
            privacy policy
          </Link>
          . Only upload material you have the right to share.
        </p>
      </section>

      <section>
        <h2>Fair use</h2>
        <p>
          Do not misuse Ballast: no attempts to break or overload it, to reach other people’s data, to scrape
          it or to resell it. We may suspend accounts that do, and will tell you why unless the law prevents
          us.
        </p>
      </section>

      <section>
        <h2>Liability</h2>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for
          fraud, or anything else the law does not allow us to limit. Otherwise, we are not liable for lost
          income or profits, or for losses we could not reasonably foresee, and our total liability to you is
          limited to what you paid us in the 12 months before the claim.
        </p>
      </section>

      <section>
        <h2>Changes, ending, and the law</h2>
        <p>
          We may update these terms; we will give account holders at least 30 days’ notice of significant
          changes by email. You can stop using Ballast and delete your account at any time. These terms are
          governed by the law of England and Wales, and the courts of England and Wales have jurisdiction,
          though if you live elsewhere in the UK you may also bring proceedings where you live.
        </p>
        <p>
          Questions about these terms: <SupportEmailLink />, or the{' '}
          <Link href="/contact" className={linkClass}>
            contact form
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}
