import type { Request } from 'express';
import { Action, createParamDecorator } from 'routing-controllers';

/**
 * The route pattern for a storage key at the end of a path: `/signed-url/${KEY_PATH}` matches
 * the rest of the path, slashes and all, and the empty key too (so it can be refused with 400
 * rather than 404). OpenAPI shows it as `{key}`.
 */
export const KEY_PATH = ':key(*)';

/** The key matched by KEY_PATH, percent-decoded by express; normalized and checked by the domain. */
export const KeyPathParam = () =>
  createParamDecorator({ required: false, value: (action: Action) => String((action.request as Request).params['key'] ?? '') });
