/** What the outbox can deliver. Payloads hold everything delivery needs, so it never reads other tables. */
export type EmailMessage =
  | {
      channel: 'email';
      /**
       * The welcome at signup, or a place's standing told to its own address when someone signs the
       * address up again (decision 062).
       */
      template: 'waitlist-welcome' | 'waitlist-standing';
      to: string;
      position: number;
      tier: string;
      message: string;
      /** The link that keeps a held place; absent from welcomes queued before places were confirmed. */
      confirmUrl?: string;
      /** When the held place lapses unless confirmed (ISO instant); absent once it is kept. */
      confirmBy?: string;
      /** The place's own page (its standing, its referral link once kept); absent from older emails. */
      placeUrl?: string;
    }
  | {
      channel: 'email';
      template: 'magic-link';
      to: string;
      url: string;
      /** Shown in the email when given. */
      expiresInMinutes?: number;
    }
  | {
      channel: 'email';
      template: 'lifetime-place-payment';
      to: string;
      position: number;
      /** The signed link that opens Stripe Checkout for this place (or says it is paid already). */
      url: string;
    }
  | {
      channel: 'email';
      template: 'waitlist-removal';
      to: string;
      position: number;
      /** The single-use, expiring link that confirms giving the place up (asked for on the unsubscribe page). */
      url: string;
      expiresInMinutes: number;
      /** What else goes with the place (a lifetime plan, or the chance of one), in a sentence; null if nothing. */
      alsoEnds: string | null;
    }
  | {
      channel: 'email';
      /** An operator removed a kept place, or set it aside for review (sent to proven addresses only). */
      template: 'waitlist-place-review';
      to: string;
      position: number;
      outcome: 'removed' | 'set-aside';
    }
  | {
      channel: 'email';
      template: 'alert';
      to: string;
      severity: 'critical' | 'high';
      title: string;
      description: string;
      impactDescription: string | null;
      mitigationStrategy: string | null;
    }
  | {
      channel: 'email';
      template: 'verify-email';
      to: string;
      /** Proves the address and signs in. */
      url: string;
      /** Deletes the unproven account ("This wasn't me"). */
      notMeUrl: string;
      /** When the account was created and from where (IP address and browser), as the sign-up came. */
      createdAt: string;
      ipAddress: string | null;
      device: string | null;
    }
  /** Someone tried to create an account with an address that has one: its owner is told, nobody else. */
  | { channel: 'email'; template: 'sign-up-existing'; to: string; signInUrl: string; resetUrl: string }
  | { channel: 'email'; template: 'password-reset'; to: string; url: string; expiresInMinutes: number }
  /**
   * The notice after every new password: through a reset link, or changed while signed in (`how`;
   * rows queued before it existed were resets).
   */
  | { channel: 'email'; template: 'password-changed'; to: string; resetUrl: string; how?: 'reset' | 'change' }
  /** Password sign-in was locked for a while after too many wrong passwords for the account. */
  | {
      channel: 'email';
      template: 'sign-in-locked';
      to: string;
      signInUrl: string;
      resetUrl: string;
      lockedMinutes: number;
    }
  /** A sign-in link proved the address, and the password chosen before that proof no longer works. */
  | { channel: 'email'; template: 'password-removed'; to: string; resetUrl: string }
  /** The confirmation that an account and its data are gone; the address is erased once it is sent. */
  | { channel: 'email'; template: 'account-deleted'; to: string }
  /** Nothing the sender typed: the form must not be a way to send our mail with a stranger's words. */
  | { channel: 'email'; template: 'contact-acknowledgement'; to: string }
  | {
      channel: 'email';
      template: 'contact-notification';
      to: string;
      name: string;
      email: string;
      message: string;
    };

export type CrmPath = '/api/v1/waitlist' | '/api/v1/contacts' | '/api/v1/users';

export type CrmMessage = { channel: 'crm'; path: CrmPath; body: Record<string, unknown> };

export type OutboundMessage = EmailMessage | CrmMessage;

/**
 * What the outbox keeps of a message once it is sent. The confirmation of an account's deletion is the
 * one message about a person that outlives their rows, so its address is erased as soon as it is sent.
 */
export function keptAfterDelivery(message: OutboundMessage): OutboundMessage | undefined {
  if (message.channel === 'email' && message.template === 'account-deleted') {
    return { ...message, to: '[erased]' };
  }
  return undefined;
}
