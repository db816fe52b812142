import { Button } from './button';
import { Card } from './card';

/** A screen's data is on its way ('Loading...', as every screen says it). */
export function LoadingStatus() {
  return (
    <p role="status" className="text-muted-foreground">
      Loading...
    </p>
  );
}

/** A screen's data did not arrive: say what, and offer to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="p-6">
      <p className="font-semibold">We couldn't load {what}.</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
