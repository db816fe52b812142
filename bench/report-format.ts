/** One line of the table: what was measured, the figure, the budget and whether it is met. */
export type Row = [measure: string, figure: string, budget: string, verdict: 'met' | 'not met' | ''];

// Each bench's result is its own JSON shape; the row makers read them as such.
// biome-ignore lint/suspicious/noExplicitAny: the shapes are the benches' own, read where they are tabled
export type Result = any;

export const ms = (value: number) => `${value} ms`;
export const verdict = (isMet: boolean) => (isMet ? 'met' : 'not met');
export const number = (value: number) => value.toLocaleString('en-GB');
