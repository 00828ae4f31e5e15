import type { Request } from 'express';
import { Action, Authorized, createParamDecorator } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Actor, Forbidden, hasPermission, Unauthorized } from '@platform/domain';
import { requireActor, resolveActor } from './request-authentication';

const CUSTOMER = 'customer';
/** A customer route of a module without 403 (market-data.md, portfolios): any other token is not a valid one. */
const CUSTOMER_ONLY = 'customer-only';
const ADMIN = 'admin';
const BEARER = { security: [{ bearerAuth: [] }] };

const combine =
  (...decorators: Array<MethodDecorator & ClassDecorator>) =>
  (target: object, propertyKey?: string | symbol, descriptor?: PropertyDescriptor) => {
    for (const decorator of decorators) {
      if (propertyKey === undefined) (decorator as ClassDecorator)(target as Function);
      else (decorator as MethodDecorator)(target, propertyKey, descriptor as PropertyDescriptor);
    }
  };

/**
 * The route needs a customer's access token (401 without one, 403 with an admin token).
 * The OpenAPI document states each route's requirement (operations/openapi.ts).
 */
export const CustomerRoute = () => combine(Authorized([CUSTOMER]) as never, OpenAPI(BEARER) as never);

/** The route needs a customer's access token; any other (an admin's) is 401 like an invalid one: the module has no 403. */
export const CustomerOnlyRoute = () => combine(Authorized([CUSTOMER_ONLY]) as never, OpenAPI(BEARER) as never);

/**
 * The route needs an admin token holding every listed permission ("*" holds all):
 * 401 without a valid token, 403 with a customer token or a missing permission.
 */
export const RequirePermission = (...permissions: string[]) =>
  combine(Authorized([ADMIN, ...permissions]) as never, OpenAPI(BEARER) as never);

/** routing-controllers' authorizationChecker: reads the requirement that the decorators above encode. */
export async function authorizationChecker(action: Action, roles: string[]): Promise<boolean> {
  const actor = await requireActor(action.request as Request);
  const [kind, ...permissions] = roles;
  if (kind === CUSTOMER && actor.kind !== 'customer') throw Forbidden('This route is for customers');
  if (kind === CUSTOMER_ONLY && actor.kind !== 'customer') throw Unauthorized('A customer access token is required');
  if (kind === ADMIN) {
    if (actor.kind !== 'admin') throw Forbidden('This route is for admins');
    const missing = permissions.filter((permission) => !hasPermission(actor, permission));
    if (missing.length > 0) throw Forbidden(`Missing permission: ${missing.join(', ')}`);
  }
  return true;
}

/** routing-controllers' currentUserChecker: `@CurrentUser()` gives the actor (undefined when anonymous). */
export function currentUserChecker(action: Action): Promise<Actor | undefined> {
  return resolveActor(action.request as Request);
}

/** The caller's address for throttling (honours TRUST_PROXY; see `clientKey`). */
export const ClientIp = () =>
  createParamDecorator({ required: false, value: (action) => clientKey(action.request as Request) });

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(req: Request): string {
  const ip = (req.ip ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  const tailGroups = tail.split(':').filter(Boolean);
  const zeros = Array(Math.max(0, 8 - groups.length - tailGroups.length)).fill('0');
  return `${[...groups, ...zeros, ...tailGroups].slice(0, 4).join(':')}::/64`;
}
