/** Lets the current test call console.error without failing (see tests/support/setup-file.ts). */
export function allowConsoleErrors() {
  (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors = true;
}
