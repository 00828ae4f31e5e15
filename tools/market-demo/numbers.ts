/** Rounds to a number of decimals (half away from zero), returning a number whose String() is exact. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * factor + 1e-9) / factor;
  return rounded === 0 ? 0 : rounded;
}
