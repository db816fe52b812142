import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';

/**
 * Asks an operator to confirm an action that changes someone's place, with the reason the audit log
 * keeps. `onConfirm` throws to keep the dialog open with the server's message.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<string>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  async function confirm() {
    if (reason.trim().length < 3) {
      setProblem('Say why, in a few words.');
      return;
    }
    setIsBusy(true);
    try {
      toast({ title: await onConfirm(reason.trim()) });
      onClose();
    } catch (error) {
      setProblem(describeError(error, 'That did not work. Please try again.'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={id}>Reason (kept in the audit log)</Label>
          <Input
            id={id}
            value={reason}
            maxLength={500}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={isBusy}>
            {isBusy ? 'Working...' : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
