import type { EmailMessage } from '../../outbound-message';
import { renderAccountDeleted } from './account-deleted';
import {
  renderPasswordChanged,
  renderPasswordRemoved,
  renderPasswordReset,
  renderSignInLocked,
  renderSignUpExisting,
  renderVerifyEmail,
} from './account-security';
import { renderAlert } from './alert';
import { renderContactAcknowledgement, renderContactNotification } from './contact';
import type { RenderedEmail } from './layout';
import { renderLifetimePlacePayment } from './lifetime-place-payment';
import { renderMagicLink } from './magic-link';
import { renderWaitlistPlaceReview } from './waitlist-place-review';
import { renderWaitlistRemoval } from './waitlist-removal';
import { renderWaitlistWelcome } from './waitlist-welcome';

export type RenderContext = {
  publicUrl: string;
  supportEmail: string;
  /** The signed link for the recipient; waitlist emails carry it. */
  unsubscribeUrl: string;
};

export function renderEmail(message: EmailMessage, context: RenderContext): RenderedEmail {
  switch (message.template) {
    case 'waitlist-welcome':
    case 'waitlist-standing':
      return renderWaitlistWelcome(message, context);
    case 'magic-link':
      return renderMagicLink(message);
    case 'waitlist-removal':
      return renderWaitlistRemoval(message, context);
    case 'waitlist-place-review':
      return renderWaitlistPlaceReview(message, context);
    case 'lifetime-place-payment':
      return renderLifetimePlacePayment(message, context);
    case 'contact-acknowledgement':
      return renderContactAcknowledgement(message, context);
    case 'contact-notification':
      return renderContactNotification(message);
    case 'alert':
      return renderAlert(message, context);
    case 'verify-email':
      return renderVerifyEmail(message, context);
    case 'sign-up-existing':
      return renderSignUpExisting(message, context);
    case 'password-reset':
      return renderPasswordReset(message, context);
    case 'password-changed':
      return renderPasswordChanged(message, context);
    case 'password-removed':
      return renderPasswordRemoved(message, context);
    case 'sign-in-locked':
      return renderSignInLocked(message, context);
    case 'account-deleted':
      return renderAccountDeleted(message, context);
  }
}
