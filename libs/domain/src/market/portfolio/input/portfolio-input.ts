import type { FieldProblem } from '../../../shared';
import { CONTROL_CHARACTERS } from './transaction-field-readers';

export interface PortfolioFields {
  name: string;
  description: string | null;
  isDefault?: boolean;
}

const NAME_MAX_CHARACTERS = 100;
const DESCRIPTION_MAX_CHARACTERS = 500;

/**
 * Reads a portfolio body (market-data.md "Portfolio"): `name` is required on create, and on update
 * only when given; `isDefault` counts only on update, and only as true, because a customer always
 * keeps exactly one default and it moves by promoting another portfolio.
 */
export function readPortfolioBody(body: unknown, mode: 'create' | 'update'): { values: Partial<PortfolioFields>; problems: FieldProblem[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { values: {}, problems: [{ field: 'body', code: 'type', message: 'Request body must be a JSON object' }] };
  }
  const given = (field: string) => Object.hasOwn(body, field);
  const raw = body as Record<string, unknown>;
  const values: Partial<PortfolioFields> = {};
  const problems: FieldProblem[] = [];

  if (mode === 'create' || given('name')) {
    const name = readText('name', raw['name'], NAME_MAX_CHARACTERS);
    if (typeof name === 'string') values.name = name;
    else problems.push(name ?? { field: 'name', code: 'required', message: 'name is required' });
  }
  if (given('description')) {
    const description = readText('description', raw['description'], DESCRIPTION_MAX_CHARACTERS);
    if (typeof description === 'object' && description !== null) problems.push(description);
    else values.description = description;
  }
  if (mode === 'update' && given('isDefault')) {
    const isDefault = raw['isDefault'];
    if (typeof isDefault !== 'boolean') problems.push({ field: 'isDefault', code: 'type', message: 'isDefault must be a boolean' });
    else if (!isDefault) problems.push({ field: 'isDefault', code: 'isDefault', message: 'isDefault cannot be set to false directly — promote a different portfolio to default instead' });
    else values.isDefault = true;
  }
  return { values, problems };
}

/** Trimmed text, null when absent or blank, or the problem with it (length counted in Unicode code points). */
function readText(field: string, raw: unknown, maxCharacters: number): string | null | FieldProblem {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') return { field, code: 'type', message: `${field} must be a string` };
  if (CONTROL_CHARACTERS.test(raw)) return { field, code: 'type', message: `${field} must not contain control characters` };
  const text = raw.trim();
  if ([...text].length > maxCharacters) return { field, code: 'max', message: `${field} must not exceed ${maxCharacters} characters` };
  return text === '' ? null : text;
}
