/** Shown while the user state loads, and while a route's code arrives. */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-4">
      <span
        className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary"
        aria-hidden="true"
      />
      <span className="text-sm font-semibold text-muted-foreground">Loading...</span>
    </div>
  );
}
