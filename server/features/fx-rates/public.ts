// The exchange rates feature's public module: the only file of fx-rates that other features import.

export { refreshRates, startFxRates } from './refresh';
export { POUNDS } from './valuation';
export { acceptedCurrencies, type Paid, unknownCurrencyMessage, type Valued, valueInPounds } from './value';
