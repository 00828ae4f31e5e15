import { OpenAPI } from 'routing-controllers-openapi';

/**
 * A route's summary and description, appended to what @RequirePermission documents ("Permission: X")
 * instead of replacing it (a plain @OpenAPI description would overwrite that line).
 */
export const Doc = (summary: string, description?: string) =>
  OpenAPI((operation) => ({
    ...operation,
    summary,
    description: [operation.description, description].filter(Boolean).join('. '),
  }));
