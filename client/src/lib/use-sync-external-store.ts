/** Stands in for the useSyncExternalStore shim in the client build (see vite.config.ts). */
export { useSyncExternalStore } from 'react';
