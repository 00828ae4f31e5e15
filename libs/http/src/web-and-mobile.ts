/** One of routing-controllers' route decorators: Get, Post, Put, Patch or Delete. */
export type RouteDecorator = (route?: string) => Function;

/**
 * The mobile twin of a web path: `/api/<rest>` is also served as `/api/mobile/<rest>` (CONTRACT
 * section 1: the customer API serves web routes under `/api/...` and mobile ones under `/api/mobile/...`).
 */
export function mobileTwin(webPath: string): string {
  if (!webPath.startsWith('/api/') || webPath.startsWith('/api/mobile/')) throw new Error(`not a web path under /api: ${webPath}`);
  return `/api/mobile/${webPath.slice('/api/'.length)}`;
}

/**
 * One handler on a web path, its mobile twin and any further web aliases:
 * `@WebAndMobile(Get, '/api/content/items')` serves `/api/content/items` and
 * `/api/mobile/content/items`. Every path is a route of its own to routing-controllers, so the
 * OpenAPI document lists each, with the handler's one description and guards.
 */
export function WebAndMobile(route: RouteDecorator, webPath: string, ...webAliases: string[]): MethodDecorator {
  const paths = [webPath, mobileTwin(webPath), ...webAliases];
  return (target, propertyKey, descriptor) => {
    for (const path of paths) (route(path) as MethodDecorator)(target, propertyKey, descriptor);
  };
}
