/**
 * The console's lists and figures are fetched again each time their panel is shown and when the window
 * regains focus, rather than kept for the visit as the app's other data is: sign-ups, payments, messages
 * and other operators change them while the console is open (docs/product/operators-and-data.md).
 */
export const CURRENT_FIGURES = { staleTime: 0, refetchOnWindowFocus: true } as const;
