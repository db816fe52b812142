import type { EmailMessage } from '../../../jobs/outbound-message';
import { renderAccountDeleted } from './account-deleted';
import { renderAlert } from './alert';
import { renderContactAcknowledgement, renderContactNotification } from './contact';
import type { RenderedEmail } from './layout';
import { renderLifetimePlacePayment } from './lifetime-place-payment';
import { renderMagicLink } from './magic-link';
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
      return renderWaitlistWelcome(message, context);
    case 'magic-link':
      return renderMagicLink(message);
    case 'lifetime-place-payment':
      return renderLifetimePlacePayment(message, context);
    case 'contact-acknowledgement':
      return renderContactAcknowledgement(message, context);
    case 'contact-notification':
      return renderContactNotification(message);
    case 'alert':
      return renderAlert(message, context);
    case 'account-deleted':
      return renderAccountDeleted(message, context);
  }
}
