import { Button, type ButtonProps } from '@/components/ui/button';
import { openWaitlistDialog } from '../waitlist-dialog-store';
import { preloadWaitlistDialog } from './waitlist-dialog-host';

/** A button that opens the waitlist dialog; the public pages have several, each with its own label. */
export function JoinWaitlistButton(props: Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      size="lg"
      onPointerEnter={preloadWaitlistDialog}
      onFocus={preloadWaitlistDialog}
      onClick={() => openWaitlistDialog()}
      {...props}
    />
  );
}
