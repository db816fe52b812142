/**
 * The browser's clock, read here and nowhere else in the client (`npm run lint` refuses a bare
 * `new Date()` or `Date.now()` elsewhere): what "today" is for a form's default date, a label's
 * "12 minutes ago", or when to ask for the alerts again. The server decides what counts; this only
 * says what the person sees in the meantime.
 */
export function now(): Date {
  return new Date();
}
