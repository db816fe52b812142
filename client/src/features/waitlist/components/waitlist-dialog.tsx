import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import {
  closeWaitlistDialog,
  prefilledWaitlistEmail,
  returnFocusToOpener,
  useWaitlistDialog,
} from '../waitlist-dialog-store';
import { LIFETIME_PAYMENT_NOTE, positionLine, tierHeadline, WaitlistForm } from './waitlist-form';

/**
 * Opened by GET STARTED and the other waitlist buttons; its own chunk (Radix Dialog and its focus
 * and scroll locking), loaded on the first open. It closes on success, so the result is told in a
 * toast instead.
 */
export default function WaitlistDialog({ note }: { note: string }) {
  const { isOpen, setOpen } = useWaitlistDialog();
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Opened from any button on the page, not a Radix trigger: send focus back to that button.
          if (returnFocusToOpener()) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>JOIN THE ALGORITHM RESISTANCE</DialogTitle>
          <DialogDescription>{note}</DialogDescription>
        </DialogHeader>
        <DialogForm />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted with each opening, so it starts from the address typed before (if any). The field it came from
 * (the landing hero's) is still focused while this first renders; once the signup succeeds that field is
 * emptied, so focus returns to an empty field and Enter there cannot open the dialog a second time.
 */
function DialogForm() {
  const [defaultEmail] = useState(prefilledWaitlistEmail);
  const [openerField] = useState(() =>
    document.activeElement instanceof HTMLInputElement ? document.activeElement : null,
  );
  return (
    <WaitlistForm
      signupSource="dialog"
      defaultEmail={defaultEmail}
      submitLabel="SECURE MY SPOT"
      onSuccess={(result) => {
        if (openerField) openerField.value = '';
        closeWaitlistDialog();
        // The server's message says whether this address was already on the list.
        const lines = [result.message, positionLine(result.position)];
        if (result.tier === 'lifetime_paid') lines.push(LIFETIME_PAYMENT_NOTE);
        toast({
          title: tierHeadline(result.tier),
          description: lines.map((line) => <p key={line}>{line}</p>),
        });
      }}
    />
  );
}
