import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/**
 * An unexpected console.error fails the test that caused it. A test that expects one calls
 * `allowConsoleErrors()` from tests/support/console.ts.
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors = false;
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0 && !(globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors) {
    throw new Error(
      `console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
