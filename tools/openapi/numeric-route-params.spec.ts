import { expect } from 'chai';
import { getMetadataArgsStorage } from 'routing-controllers';
import { ADMIN_API_CONTROLLERS } from '../../apps/admin-api/src/admin-api';
import { CUSTOMER_API_CONTROLLERS } from '../../apps/customer-api/src/customer-api';
import { MARKET_API_CONTROLLERS } from '../../apps/market-api/src/market-api';

/**
 * STYLE "Routes say what they take": a numeric path parameter is constrained in the route
 * (`/orders/:id(\\d+)`), so a named sibling (`/orders/checkout`) never reaches it and a malformed id
 * is told so by libs/http (unmatched-routes.ts). The jobs app serves no controllers.
 */
const APPS: Record<string, Function[]> = {
  'admin-api': ADMIN_API_CONTROLLERS,
  'customer-api': CUSTOMER_API_CONTROLLERS,
  'market-api': MARKET_API_CONTROLLERS,
};

interface RouteParam {
  route: string;
  name: string;
  numeric: boolean;
}

/** Every @Param of every route of the app, numeric when typed `number` or read with parseIntegerId. */
function routeParams(controllers: Function[]): RouteParam[] {
  const storage = getMetadataArgsStorage();
  return storage.actions
    .filter((action) => controllers.includes(action.target))
    .flatMap((action) => {
      const controller = storage.controllers.find((candidate) => candidate.target === action.target);
      const route = `${action.type.toUpperCase()} ${controller?.route ?? ''}${String(action.route ?? '')}`;
      const types: unknown[] = Reflect.getMetadata('design:paramtypes', action.target.prototype, action.method) ?? [];
      const source = String(action.target.prototype[action.method]);
      return storage.params
        .filter((param) => param.object.constructor === action.target && param.method === action.method && param.type === 'param')
        .map((param) => {
          const name = String(param.name);
          const parsed = new RegExp(`parseIntegerId\\)?\\(\\s*${name}\\b`).test(source);
          return { route, name, numeric: (param.explicitType ?? types[param.index]) === Number || parsed };
        });
    });
}

/** `(\\d+)`, or `([1-9]\\d*)` where 0 is refused too (channel routes: "ids that are not positive integers → 400"). */
const constrained = (route: string, name: string) => route.includes(`:${name}(\\d+)`) || route.includes(`:${name}([1-9]\\d*)`);

describe('Numeric path parameters are constrained in the route (every app)', () => {
  it('finds numeric parameters both by type and by parseIntegerId', () => {
    const numeric = [...routeParams(ADMIN_API_CONTROLLERS), ...routeParams(CUSTOMER_API_CONTROLLERS)].filter((param) => param.numeric);
    const found = numeric.map((param) => `${param.route} (${param.name})`);
    expect(found).to.include('GET /api/admin/courses/:id(\\d+) (id)');
    expect(found).to.include('GET /api/orders/:id(\\d+) (id)');
    expect(found).to.include('POST /api/admin/orders/:id(\\d+)/payments/:paymentId(\\d+)/refund-settled (paymentId)');
  });

  for (const [app, controllers] of Object.entries(APPS)) {
    it(`${app}: every numeric @Param is written :name(\\d+) or :name([1-9]\\d*) in its route`, () => {
      const params = routeParams(controllers);
      const loose = params.filter((param) => param.numeric && !constrained(param.route, param.name)).map((p) => `${p.route} (${p.name})`);
      expect(loose, 'numeric parameters without (\\d+)').to.deep.equal([]);
    });

    it(`${app}: a (\\d+) parameter is read as a number, never as text`, () => {
      const textual = routeParams(controllers)
        // A ([1-9]\\d*) id may be a bigint (channel posts), read as text past 2^53: only (\\d+) must be a number.
        .filter((param) => !param.numeric && param.route.includes(`:${param.name}(\\d+)`))
        .map((p) => `${p.route} (${p.name})`);
      expect(textual).to.deep.equal([]);
    });
  }
});
