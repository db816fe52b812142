import { toast } from '@/components/ui/use-toast';

/**
 * A part of a page whose code loads only when it is about to be used: a dialog, or a form behind a
 * button (decision 036). Hovering or focusing what opens it starts the download (`triggers`), so by
 * the click it has usually arrived; `open` waits for it either way. A failed download is forgotten,
 * so the next attempt asks again.
 */
export function onDemand<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const startEarly = () => void preload().catch(() => {});
  return {
    preload,
    /** The module once it has arrived, to render the part from. */
    get module() {
      return loaded;
    },
    /** For the button that opens the part. */
    triggers: { onPointerEnter: startEarly, onFocus: startEarly },
    /** Runs `show` once the code is here; says so if it could not be fetched. */
    open(show: () => void) {
      preload().then(show, () =>
        toast({
          title: 'Error',
          description: "We couldn't load that. Check your connection and try again.",
          variant: 'destructive',
        }),
      );
    },
  };
}
