import { Service } from 'typedi';
import type { TrainingFormField } from '@platform/db';
import type { FieldProblem } from '../../../shared';
import { TrainingInvalidFormData } from '../../training.errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with an optional leading +, spaces, dashes and parentheses; 7 to 15 digits (E.164 allows 15). */
const PHONE = /^\+?[\d\s()-]+$/;
const MAX_CHARS: Partial<Record<TrainingFormField['type'], number>> = { text: 500, email: 254, phone: 30, select: 500, textarea: 5000 };

const problem = (key: string, code: string, message: string): FieldProblem => ({ field: `formData.${key}`, code, message });
const isAbsent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * formData against a training's enrollment form (CONTRACT §10: fields of type text, email, phone,
 * number, select, textarea, checkbox, each `required` or not). Every problem is named, one per
 * field: `unknown` (a key the form does not have), `required` (missing, null or blank; a required
 * checkbox must be ticked, true), `type` (a value of the wrong kind or shape), `option` (a select
 * value not among its options), `too_long`. An optional field may be absent or null. Without a
 * form config formData must be `{}`. Refused with TRAINING_INVALID_FORM_DATA and `errors[]`.
 */
@Service()
export class EnrollmentFormService {
  assertValid(fields: readonly TrainingFormField[], formData: Record<string, unknown>): void {
    const known = new Map(fields.map((field) => [field.key, field]));
    const problems: FieldProblem[] = [];
    for (const key of Object.keys(formData)) {
      if (!known.has(key)) problems.push(problem(key, 'unknown', `formData.${key} is not a field of this training's enrollment form`));
    }
    for (const field of fields) {
      const found = fieldProblem(field, formData[field.key]);
      if (found) problems.push(found);
    }
    if (problems.length > 0) throw TrainingInvalidFormData(problems);
  }
}

function fieldProblem(field: TrainingFormField, value: unknown): FieldProblem | null {
  const name = `formData.${field.key}`;
  if (isAbsent(value) || (field.type === 'checkbox' && field.required && value === false)) {
    return field.required ? problem(field.key, 'required', `${name} (${field.label}) is required`) : null;
  }
  const wrongType = (what: string) => problem(field.key, 'type', `${name} (${field.label}) must be ${what}`);
  switch (field.type) {
    case 'checkbox':
      return typeof value === 'boolean' ? null : wrongType('true or false');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : wrongType('a number');
    default:
      break;
  }
  if (typeof value !== 'string') return wrongType('text');
  const max = MAX_CHARS[field.type];
  if (max !== undefined && value.length > max) return problem(field.key, 'too_long', `${name} (${field.label}) must be at most ${max} characters`);
  switch (field.type) {
    case 'email':
      return EMAIL.test(value.trim()) ? null : wrongType('an email address');
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value.trim()) && digits >= 7 && digits <= 15 ? null : wrongType('a phone number');
    }
    case 'select':
      return (field.options ?? []).includes(value)
        ? null
        : problem(field.key, 'option', `${name} (${field.label}) must be one of: ${(field.options ?? []).join(', ')}`);
    default:
      return null;
  }
}
