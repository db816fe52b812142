/** A row without the columns named: secrets and our own bookkeeping stay out of what a person gets back. */
export function withoutColumns<T extends Record<string, unknown>, K extends keyof T>(
  row: T,
  keys: readonly K[],
): Omit<T, K> {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}
