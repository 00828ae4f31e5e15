import type { ValidationError } from 'class-validator';
import type { FieldProblem } from '@platform/domain';

/**
 * Constraints about a value's type. When one fails, the others on the field only restate it
 * (`{"email":123}` is not "longer than 254 characters"), so it is the field's one message.
 */
const TYPE_CONSTRAINTS = new Set([
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
  'isEnum',
  'isIn',
  'isDate',
  'isDateString',
  'isISO8601',
  'isUUID',
  'nestedValidation',
]);

/**
 * One problem per field: its type error if it has one, otherwise its first failing constraint in
 * declaration order. class-validator records constraints in the order decorators are applied,
 * bottom-up, hence the reversal.
 */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const failed = Object.entries(error.constraints ?? {}).reverse();
    const headline = failed.find(([code]) => TYPE_CONSTRAINTS.has(code)) ?? failed[0];
    const own = headline ? [{ field, code: headline[0], message: headline[1].replace(error.property, field) }] : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

const PARAMETER_PROBLEMS: Record<string, { pattern: RegExp; code: (type: string) => string; message: (name: string, type: string) => string }> = {
  // "Given parameter courseId is invalid. Value ("abc") cannot be parsed into number."
  ParamNormalizationError: {
    pattern: /^Given parameter (\S+) is invalid\. .* cannot be parsed into (\w+)\.$/s,
    code: (type) => `is${type.charAt(0).toUpperCase()}${type.slice(1)}`,
    message: (name, type) => `${name} must be a${/^[aeiou]/.test(type) ? 'n' : ''} ${type}`,
  },
  ParameterParseJsonError: {
    pattern: /^Given parameter (\S+) is invalid\./,
    code: () => 'isJson',
    message: (name) => `${name} must be valid JSON`,
  },
  // 'Query parameter "page" is required for request on GET /...'
  ParamRequiredError: {
    pattern: /"([^"]+)" (?:is|are) required/,
    code: () => 'isDefined',
    message: (name) => `${name} is required`,
  },
};

/**
 * routing-controllers' own parameter errors (a path or query parameter of the wrong type, a
 * missing one) as the field problem a body's validation would give, or undefined for others.
 */
export function parameterProblem(error: { name?: string; message?: string }): FieldProblem | undefined {
  const rule = PARAMETER_PROBLEMS[error?.name ?? ''];
  const match = rule?.pattern.exec(error.message ?? '');
  if (!rule || !match) return undefined;
  const [, field, type = ''] = match;
  return { field, code: rule.code(type), message: rule.message(field, type) };
}
