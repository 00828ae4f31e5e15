import { ValidationFailed } from '@platform/domain';

/**
 * A path parameter holding a row id, as a number. "12abc", "1.5", "-1" or "1e3" are refused
 * (400 VALIDATION_ERROR) rather than coerced; ids above the integer range pass and are answered
 * "not found" by the lookup (isRowId).
 */
export function parseIntegerId(value: string, name = 'id'): number {
  if (!/^[0-9]{1,16}$/.test(value)) {
    const message = `${name} must be a positive integer`;
    throw ValidationFailed(message, [{ field: name, code: 'isInt', message }]);
  }
  return Number(value);
}
