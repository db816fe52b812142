const NETWORK_NOISE = /fetch|abort|ipify|ipapi|ip-api|ipinfo|ipgeolocation|geolocation-db/i;

/**
 * Unhandled rejections from fetch, aborted requests and IP-lookup services are expected noise (a tab
 * going offline, a query cancelled by navigation) and must not surface as errors.
 */
export function isSuppressedRejection(reason: unknown): boolean {
  if (reason instanceof DOMException && reason.name === 'AbortError') return true;
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason);
  return NETWORK_NOISE.test(text);
}

export function suppressNetworkRejections(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('unhandledrejection', (event) => {
    if (isSuppressedRejection(event.reason)) event.preventDefault();
  });
}
