import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useWaitlistDialog } from '../waitlist-dialog-store';

/** Opened by GET STARTED and the other waitlist buttons. */
export function WaitlistDialog() {
  const { isOpen, setOpen } = useWaitlistDialog();
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>JOIN THE ALGORITHM RESISTANCE</DialogTitle>
          <DialogDescription>
            Limited beta spots for channels earning $1K+/month. The waitlist form will live here.
          </DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
