import type { Request } from 'express';
import { Action, createParamDecorator } from 'routing-controllers';
import type { ContainerInstance } from 'typedi';
import {
  CURSOR_DEFAULT_LIMIT,
  CURSOR_MAX_LIMIT,
  IdCursorOptions,
  ListCursorsService,
  readIdCursorQuery,
  SortedListOptions,
} from '@platform/domain';
import { ApiParameters } from './operations';

/** A list paged by `after_id` / `before_id` (IdCursorQuery), optionally in one direction only. */
export type IdCursorQueryOptions = { by: 'id' } & IdCursorOptions;
/** A list paged by an opaque `cursor` (SortedPageQuery), its sort chosen by the client or fixed. */
export type SortedCursorQueryOptions<S extends string> = { by: 'cursor' } & SortedListOptions<S>;

type QueryParameter = { in: 'query'; name: string; required: false; description: string; schema: Record<string, unknown> };
const LIMIT: QueryParameter = {
  in: 'query',
  name: 'limit',
  required: false,
  description: `Items per page, 1-${CURSOR_MAX_LIMIT} (default ${CURSOR_DEFAULT_LIMIT}); outside that range: 422 UNPROCESSABLE.`,
  schema: { type: 'integer', minimum: 1, maximum: CURSOR_MAX_LIMIT, default: CURSOR_DEFAULT_LIMIT },
};
const query = (name: string, description: string, schema: Record<string, unknown>): QueryParameter => ({ in: 'query', name, required: false, description, schema });

/**
 * A cursor list's query as a route parameter (community-content-uploads.md, cursor lists): read by
 * the domain's readers (readIdCursorQuery, ListCursorsService.read), so every malformed
 * `after_id`, `before_id`, `cursor`, `sort`, `order` or `limit` is 422 UNPROCESSABLE, and
 * documented in the app's OpenAPI document. Use it instead of `@QueryParams() q: SomeDto`, whose
 * class-validator run answers 400 VALIDATION_ERROR and never runs the cross-field rules:
 *
 *   list(@CursorQuery({ by: 'id', directions: ['before'] }) page: IdCursorQuery) { ... }
 *   list(@CursorQuery({ by: 'cursor', list: 'channels.mobile', sort: 'lastActivityAt', order: 'desc' }) page: SortedPageQuery) { ... }
 */
export function CursorQuery<S extends string>(options: IdCursorQueryOptions | SortedCursorQueryOptions<S>): ParameterDecorator {
  const read =
    options.by === 'id'
      ? (action: Action) => readIdCursorQuery(queryOf(action), options)
      : (action: Action) => containerOf(action).get(ListCursorsService).read(queryOf(action), options);
  return (target, method, index) => {
    if (method === undefined) throw new Error('@CursorQuery decorates a route parameter');
    createParamDecorator({ required: false, value: read })(target, method as string, index);
    // A parameter decorator may document its method: OpenAPI metadata is keyed by (class, method).
    const descriptor = Object.getOwnPropertyDescriptor(target, method) as PropertyDescriptor;
    ApiParameters(...parametersOf(options))(target, method as string, descriptor);
  };
}

function parametersOf<S extends string>(options: IdCursorQueryOptions | SortedCursorQueryOptions<S>): QueryParameter[] {
  if (options.by === 'id') {
    const directions = options.directions ?? ['after', 'before'];
    const id = { type: 'string', pattern: '^\\d+$', maxLength: 64 };
    return [
      ...(directions.includes('after') ? [query('after_id', 'Items with a greater id, ascending (the previous page’s next_after_id).', id)] : []),
      ...(directions.includes('before') ? [query('before_id', 'Items with a smaller id, descending (the previous page’s next_before_id).', id)] : []),
      LIMIT,
    ];
  }
  const cursor = query('cursor', 'The previous page’s next_cursor; valid only with the sort and order it came from (else 422).', { type: 'string', maxLength: 1024 });
  if (!('sorts' in options)) return [cursor, LIMIT];
  return [
    cursor,
    query('sort', `Default ${options.defaultSort}.`, { type: 'string', enum: [...options.sorts], default: options.defaultSort }),
    query('order', `Default ${options.defaultOrder}.`, { type: 'string', enum: ['asc', 'desc'], default: options.defaultOrder }),
    LIMIT,
  ];
}

function queryOf(action: Action): Record<string, unknown> {
  return (action.request as Request).query as Record<string, unknown>;
}

function containerOf(action: Action): ContainerInstance {
  return (action.request as Request).app.locals['container'] as ContainerInstance;
}
