import { FieldProblem, ValidationFailed } from '@platform/domain';

/**
 * A path parameter holding a row id, as a number. "12abc", "1.5", "-1" or "1e3" are refused
 * (400 VALIDATION_ERROR) rather than coerced; ids above the integer range pass and are answered
 * "not found" by the lookup (isRowId).
 */
export function parseIntegerId(value: string, name = 'id'): number {
  if (!/^[0-9]{1,16}$/.test(value)) {
    const problem = integerIdProblem(name);
    throw ValidationFailed(problem.message, [problem]);
  }
  return Number(value);
}

/** What a row-id parameter its pattern refuses is told, from parseIntegerId or a constrained route (unmatched-routes.ts). */
export function integerIdProblem(name: string): FieldProblem {
  return { field: name, code: 'isInt', message: `${name} must be a positive integer` };
}
