/** Whether two optional instants are the same moment (Dates compare by identity with `===`); two nulls are. */
export function sameInstant(a: Date | null, b: Date | null): boolean {
  return a === null || b === null ? a === b : a.getTime() === b.getTime();
}
