import type { Express, RequestHandler } from 'express';
import { DomainError, FieldProblem, ValidationFailed } from '@platform/domain';
import { integerIdProblem } from './path-params';

/**
 * Numeric path parameters are constrained in the route (`/orders/:id(\\d+)`, or `/:id([1-9]\\d*)` for
 * a positive integer; STYLE "Routes say what they take"), so `GET /orders/checkout` never reaches
 * `/orders/:id`. A request no route took gets here, before the plain 404, and is told what it got wrong:
 * - a path some route takes with other methods: 404 NOT_FOUND naming them, with `Allow`
 *   (RFC 9110 section 10.2.1 lets any response carry it; CONTRACT section 4 has no code for 405);
 * - a path a constrained route of this method would take but for a parameter its pattern refuses
 *   (not digits; for a positive-integer one also 0 or a leading zero) and no route takes as it is:
 *   400 VALIDATION_ERROR with `errors[]`, as parseIntegerId answers.
 */
export function explainUnmatchedRoutes(app: Express): RequestHandler {
  let routes: KnownRoute[] | undefined;
  return (req, res, next) => {
    if (res.headersSent) return next();
    routes ??= knownRoutes(app);
    const path = req.path;
    const taking = routes.filter((route) => route.exact.test(path));
    if (taking.length > 0) {
      const allowed = [...new Set(taking.flatMap((route) => route.methods))];
      res.setHeader('Allow', allowed.join(', '));
      return next(new DomainError('NOT_FOUND', `Route ${req.method} ${path} not found; this path takes ${allowed.join(', ')}`));
    }
    for (const route of routes) {
      const values = route.relaxed && route.methods.includes(req.method) ? route.relaxed.exec(path) : null;
      if (!values) continue;
      const problems = route.integerParams
        .filter((param, index) => !param.valid.test(values[index + 1]))
        .map((param): FieldProblem => integerIdProblem(param.name));
      if (problems.length > 0) return next(ValidationFailed(problems[0].message, problems));
    }
    next();
  };
}

interface KnownRoute {
  /** Upper-case, HEAD with GET as express answers it. */
  methods: string[];
  /** express's own matcher for the route. */
  exact: RegExp;
  /** The route with each integer parameter relaxed to any segment, capturing those parameters in order. */
  relaxed?: RegExp;
  integerParams: IntegerParam[];
}

interface IntegerParam {
  name: string;
  /** What the route's own pattern takes, anchored. */
  valid: RegExp;
}

type RouteLayer = { route?: { path: unknown; methods: Record<string, boolean> }; regexp: RegExp };

/** The routes registered on the app (routing-controllers' and plain express ones), read once, after all are mounted. */
function knownRoutes(app: Express): KnownRoute[] {
  const stack = (app as unknown as { _router?: { stack: RouteLayer[] } })._router?.stack ?? [];
  return stack.flatMap((layer): KnownRoute[] => {
    if (!layer.route) return [];
    const methods = Object.keys(layer.route.methods)
      .filter((method) => method !== '_all' && layer.route?.methods[method])
      .map((method) => method.toUpperCase());
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    const path = layer.route.path;
    return [{ methods, exact: layer.regexp, ...(typeof path === 'string' ? relax(path) : { integerParams: [] }) }];
  });
}

/** The integer patterns a parameter may carry: `(\d+)` digits, `([1-9]\d*)` a positive integer (no 0, no leading zero). */
const INTEGER_PATTERNS: Record<string, RegExp> = { '\\d+': /^\d+$/, '[1-9]\\d*': /^[1-9]\d*$/ };
const INTEGER_PARAM = /^:(\w+)\((\\d\+|\[1-9\]\\d\*)\)$/;
const PLAIN_PARAM = /^:\w+$/;

/** `/a/:id(\d+)/b/:slug` becomes `^/a/([^/]+)/b/[^/]+/?$` (case-insensitive, as express matches). */
function relax(path: string): Pick<KnownRoute, 'relaxed' | 'integerParams'> {
  const integerParams: IntegerParam[] = [];
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    const integer = INTEGER_PARAM.exec(segment);
    if (integer) {
      integerParams.push({ name: integer[1], valid: INTEGER_PATTERNS[integer[2]] });
      parts.push('([^/]+)');
    } else if (PLAIN_PARAM.test(segment)) parts.push('[^/]+');
    else if (/^[\w.-]*$/.test(segment)) parts.push(segment.replace(/\./g, '\\.'));
    // Any other pattern (`:key(*)`, optional parameters) is left to express alone.
    else return { integerParams: [] };
  }
  if (integerParams.length === 0) return { integerParams };
  return { relaxed: new RegExp(`^${parts.join('/')}\\/?$`, 'i'), integerParams };
}
