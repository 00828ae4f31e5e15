import { expect } from 'chai';
import { adminToken, createCustomer } from './factories';
import type { TestApp } from './test-apps';

export type AdminRouteMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** A route as the tests call it (ids need not exist: authorization runs before any lookup) and the permission it needs. */
export type AdminRoute = [method: AdminRouteMethod, path: string, permission: string];

export interface AdminRouteAccessOptions {
  /** The app under test, built by the caller's own `before` (read when the tests run). */
  api: () => TestApp;
  routes: AdminRoute[];
  /** The permissions of the area: "all but X" is this list without X. */
  permissions: string[];
  /** The path as /openapi.json names it (`/courses/1` → `/courses/{id}`); identity by default. */
  documentedPath?: (path: string) => string;
  /**
   * Also check that an admin holding only the route's permission gets past authorization (any
   * status but 401/403). `path` rewrites the called path (e.g. to an unknown id) and `statuses`
   * narrows the expected answer.
   */
  soleHolder?: { path?: (path: string) => string; statuses?: number[] };
}

/**
 * The 401/403 matrix of admin routes and their OpenAPI documentation, one suite per area: for each
 * route, 401 UNAUTHORIZED without a token, 403 FORBIDDEN to a customer token, 403 `Missing
 * permission: X` to an admin holding every other permission (optionally: passing with only X);
 * then each route documented with a summary, a description starting `Permission: X` and
 * `x-required-permissions: [X]`.
 */
export function describeAdminRouteAccess(options: AdminRouteAccessOptions): void {
  const { api, routes, permissions, soleHolder } = options;
  const documented = options.documentedPath ?? ((path: string) => path);

  describe('authentication and permissions', () => {
    let customer: string;

    before(async () => {
      customer = `Bearer ${(await createCustomer(api().app.container)).accessToken}`;
    });

    for (const [method, path, permission] of routes) {
      describe(`${method.toUpperCase()} ${path} (${permission})`, () => {
        it('answers 401 UNAUTHORIZED without a token', async () => {
          const res = await api().http[method](path).send({}).expect(401);
          expect(res.body.errorCode).to.equal('UNAUTHORIZED');
        });

        it('answers 403 FORBIDDEN to a customer token', async () => {
          const res = await api().http[method](path).set('Authorization', customer).send({}).expect(403);
          expect(res.body.errorCode).to.equal('FORBIDDEN');
        });

        it(`answers 403 FORBIDDEN to an admin holding every other permission of the area but ${permission}`, async () => {
          const token = adminToken(api().app.container, permissions.filter((p) => p !== permission));
          const res = await api().http[method](path).set('Authorization', `Bearer ${token}`).send({}).expect(403);
          expect(res.body).to.deep.equal({ message: `Missing permission: ${permission}`, errorCode: 'FORBIDDEN' });
        });

        if (soleHolder) {
          it(`lets an admin holding only ${permission} past authorization`, async () => {
            const token = adminToken(api().app.container, [permission]);
            const target = soleHolder.path ? soleHolder.path(path) : path;
            const res = await api().http[method](target).set('Authorization', `Bearer ${token}`).send({});
            expect(res.status, JSON.stringify(res.body)).to.not.be.oneOf([401, 403]);
            expect(res.body.errorCode).to.not.equal('FORBIDDEN');
            if (soleHolder.statuses) expect(res.status, JSON.stringify(res.body)).to.be.oneOf(soleHolder.statuses);
          });
        }
      });
    }

    it('documents every route in /openapi.json with a summary, a description and its permission', async () => {
      const res = await api().http.get('/openapi.json').expect(200);
      for (const [method, path, permission] of routes) {
        const name = `${method} ${documented(path)}`;
        const operation = res.body.paths[documented(path)]?.[method];
        expect(operation, name).to.be.an('object');
        expect(operation.summary, name).to.be.a('string').and.not.equal('');
        expect(operation.description, name).to.match(new RegExp(`^Permission: ${permission}\n\n\\S`));
        expect(operation['x-required-permissions'], name).to.deep.equal([permission]);
      }
    });
  });
}
