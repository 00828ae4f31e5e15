import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import openapiTS, { astToString } from 'openapi-typescript';
import { IDEMPOTENCY_KEY_PATTERN } from '@platform/domain';
import type { HttpApp } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp } from '@platform/testing';
import { createAdminApi } from '../../apps/admin-api/src/admin-api';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { createMarketApi } from '../../apps/market-api/src/market-api';

const REDOCLY_CLI = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
const CONFIG = join(__dirname, '../../redocly.yaml');

/**
 * The routes each spec names as public (learning-commerce.md "Authorization", market-data.md
 * "Stock analysis"), as `method path`: exactly these declare `security: []`, every other one a
 * bearer token (or, where a token is optional, both).
 */
const APPS: Array<{ name: string; create: (infra: Infrastructure) => HttpApp; publicRoutes: RegExp[] }> = [
  { name: 'admin-api', create: createAdminApi, publicRoutes: [/^post \/api\/admin\/auth\/(login|refresh)$/] },
  {
    name: 'customer-api',
    create: createCustomerApi,
    publicRoutes: [
      /^post \/api(\/mobile)?\/auth\/(register|login|refresh)$/,
      /^get \/api(\/mobile)?\/courses(\/\{slug\})?$/,
      /^get \/api(\/mobile)?\/subscriptions\/modules$/,
      /^(get|post) \/api\/payments\/redirect\/\{paymentId\}\/(success|failure)$/,
      /^get \/api\/payments\/(result|return-demo)$/,
      /^get \/api\/payments\/\{paymentId\}\/status$/,
      // signed session playback: HLS players cannot send a bearer token, the signed token in the path is the credential
      /^get \/api\/training\/playback\/\{token\}\/\{path\}$/,
      // newsletter reads (community-content-uploads.md "Authentication": series, items, previews and featured are public; issue 24)
      /^get \/api(\/mobile)?\/content\/(series(\/\{slug\})?|items(\/\{slug\}|\/featured(\/all)?)?)$/,
      // one-click newsletter unsubscribe (RFC 8058): the signed token in the query is the credential (issue 24)
      /^(get|post) \/api(\/mobile)?\/content\/newsletter\/unsubscribe$/,
    ],
  },
  { name: 'market-api', create: createMarketApi, publicRoutes: [/^get \/api\/market\//] },
];

/** The routes that take an Idempotency-Key (issue 17): checkout and buy-now require it, a portfolio transaction's add takes it optionally. */
const IDEMPOTENCY_KEY_ROUTES: Record<string, string[]> = {
  // Channel and channel post creation (issue 21): the spec requires the header.
  'admin-api': [
    'post /api/admin/channels required',
    'post /api/admin/channels/{id}/posts required',
    // A discussion message's key is optional: it makes a retried post answer the first message.
    'post /api/admin/channels/{id}/discussion/messages optional',
  ],
  'customer-api': [
    'post /api/orders/checkout required',
    'post /api/mobile/orders/checkout required',
    'post /api/orders/buy-now required',
    'post /api/mobile/orders/buy-now required',
    // Enroll is idempotent without a key too (the same request is answered again); a key adds the shared semantics.
    'post /api/mobile/training/enroll optional',
    'post /api/training/enroll optional',
    'post /api/trainings/enroll optional',
    'post /api/mobile/channels/{id}/discussion/messages optional',
  ],
  'market-api': ['post /api/v1/market/portfolios/{id}/transactions optional'],
};

type Problem = { ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> };
type Document = { paths: Record<string, Record<string, { security?: unknown[] }>> };

/** Lints with the CLI itself (its rules are bundled, with no Node API to import), as a client team would. */
async function redoclyLint(file: string): Promise<Problem[]> {
  const args = [REDOCLY_CLI, 'lint', file, '--config', CONFIG, '--format', 'json', '--max-problems', '1000'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const stdout = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).then(
    (result) => result.stdout,
    // Exit code 1 means errors were found; the JSON report is on stdout all the same.
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

const describeProblem = (p: Problem) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`;

describe('OpenAPI documents work with client generators (openapi-typescript, redocly lint)', function () {
  this.timeout(60_000);
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openapi-'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const app of APPS) {
    describe(app.name, () => {
      let document: Document;
      let file: string;

      before(async () => {
        const api = await buildTestApp(app.create);
        document = (await api.http.get('/openapi.json').expect(200)).body;
        file = join(dir, `${app.name}.json`);
        await writeFile(file, JSON.stringify(document));
      });

      it('generates TypeScript types with openapi-typescript (every $ref resolves)', async () => {
        const types = astToString(await openapiTS(document as never));
        expect(types).to.include('export interface paths');
      });

      it('has no error under redocly lint with the recommended rules', async () => {
        const errors = (await redoclyLint(file)).filter((p) => p.severity === 'error').map(describeProblem);
        expect(errors, `redocly errors:\n${errors.join('\n')}`).to.deep.equal([]);
      });

      it('declares security: [] on exactly the public routes and a bearer token on every other one', () => {
        const wrong: string[] = [];
        for (const [path, operations] of Object.entries(document.paths)) {
          for (const [method, operation] of Object.entries(operations)) {
            const route = `${method} ${path}`;
            const isPublic = operation.security?.length === 0;
            const bearer = operation.security?.some((requirement) => 'bearerAuth' in (requirement as object));
            if (app.publicRoutes.some((pattern) => pattern.test(route)) ? !isPublic : !bearer) wrong.push(`${route}: ${JSON.stringify(operation.security)}`);
          }
        }
        expect(wrong).to.deep.equal([]);
      });

      it('documents every Idempotency-Key header one way (idempotencyKeyParameter): the domain’s pattern, required where the route requires it', () => {
        const keys: string[] = [];
        for (const [path, operations] of Object.entries(document.paths)) {
          for (const [method, operation] of Object.entries(operations)) {
            const parameters = ((operation as { parameters?: Array<Record<string, unknown>> }).parameters ?? []).filter((p) => p['in'] === 'header' && p['name'] === 'Idempotency-Key');
            for (const parameter of parameters) {
              expect(parameter['schema'], `${method} ${path}`).to.deep.equal({ type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source });
              keys.push(`${method} ${path} ${parameter['required'] ? 'required' : 'optional'}`);
            }
          }
        }
        expect(keys.sort()).to.deep.equal([...IDEMPOTENCY_KEY_ROUTES[app.name]].sort());
      });

      it('documents a route parameter constrained to digits (`:id(\\d+)`, `:id([1-9]\\d*)`) as an integer id, the constraint out of the path', () => {
        const wrong: string[] = Object.keys(document.paths).filter((path) => /[():]/.test(path));
        for (const [path, operations] of Object.entries(document.paths)) {
          for (const [method, operation] of Object.entries(operations)) {
            const parameters = (operation as { parameters?: Array<{ in: string; name: string; schema?: { pattern?: string } }> }).parameters ?? [];
            for (const p of parameters.filter((p) => p.in === 'path' && ['\\d+', '[1-9]\\d*'].includes(p.schema?.pattern ?? ''))) wrong.push(`${method} ${path} ${p.name}`);
          }
        }
        expect(wrong).to.deep.equal([]);
        if (app.name === 'customer-api') {
          const [id] = (document.paths['/api/orders/{id}']['get'] as { parameters: unknown[] }).parameters;
          expect(id).to.deep.include({ name: 'id', schema: { type: 'integer', minimum: 1 } });
        }
        if (app.name === 'admin-api') {
          const parameters = (document.paths['/api/admin/channels/{id}/posts/{postId}']['get'] as { parameters: Array<{ in: string }> }).parameters;
          expect(parameters.filter((p) => p.in === 'path')).to.deep.equal([
            { in: 'path', name: 'id', required: true, schema: { type: 'integer', minimum: 1 } },
            { in: 'path', name: 'postId', required: true, schema: { type: 'integer', minimum: 1 } },
          ]);
        }
      });
    });
  }
});
