import { decimal, identifier, integer, text } from './cell-parsers';

/** Column rules several market files share. */
export const name = (max: number) => text({ max, notBlank: true });
export const price = decimal({ precision: 14, scale: 4, min: 'positive' });
export const metricValue = decimal({ precision: 24, scale: 6 });
export const percent = decimal({ precision: 8, scale: 4, min: 'non-negative' });
export const fiscalYear = integer(2000, 2200);
export const brokerNumber = integer(1, 32_767);
export const sectorCode = identifier(/^[a-z0-9]+(_[a-z0-9]+)*$/, 60);
export const lineItem = identifier(/^[a-z][a-z0-9_]*$/, 60);
