// The exchange rates feature's public module: the only file of fx-rates that other features import.

export { refreshRates, startFxRates } from './refresh';
export { acceptedCurrencies, unknownCurrencyMessage, valueInPounds } from './value';
