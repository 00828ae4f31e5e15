import Big from 'big.js';

/** Money as the reads show it: 2 decimals, half away from zero (as the summary and holdings do). */
export const money = (value: Big): number => Number(value.round(2, Big.roundHalfUp));

/** `part` as a percentage of `whole` to 2 decimals; none of a zero whole. */
export const percentOf = (part: Big, whole: Big): number | null => (whole.eq(0) ? null : Number(part.div(whole).times(100).round(2, Big.roundHalfUp)));
