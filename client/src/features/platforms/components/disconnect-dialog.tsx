import { CONNECTABLE_PLATFORM_NAMES } from '@common/platform-names';
import type { PlatformConnection } from '@common/platforms';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useDisconnectPlatform } from '../api/change-platforms';

/** Asks before a connection is removed. */
export function DisconnectDialog({
  connection,
  onClose,
}: {
  connection: PlatformConnection;
  onClose: () => void;
}) {
  const disconnect = useDisconnectPlatform();

  async function confirm() {
    try {
      await disconnect.mutateAsync(connection.id);
      toast({ title: 'Platform Disconnected' });
    } catch {
      toast({ title: 'Disconnection Failed: Please try again later.', variant: 'destructive' });
    }
    onClose();
  }

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disconnect {CONNECTABLE_PLATFORM_NAMES[connection.platform]}?</DialogTitle>
          <DialogDescription>Are you sure you want to disconnect this platform?</DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={disconnect.isPending}>
            Disconnect
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
