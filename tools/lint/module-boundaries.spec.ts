import { expect } from 'chai';
import { ESLint } from 'eslint';
import { createProjectGraphAsync } from '@nx/devkit';
import { contextCycles, contextGraph, describeCycle, domainSources } from './context-graph';

/**
 * `nx lint` enforces the architecture (STYLE.md): each case lints a small fixture as if it lived
 * at the given path and expects @nx/enforce-module-boundaries to refuse it. The clean case keeps
 * the test honest: a rule that flags everything would fail it.
 */
describe('module boundaries (nx lint)', function () {
  this.timeout(120_000);
  let eslint: ESLint;

  before(async () => {
    process.env['NX_DAEMON'] = 'false';
    await createProjectGraphAsync({ exitOnError: false }); // the rule reads the cached project graph
    eslint = new ESLint({ cwd: process.cwd() });
  });

  async function boundaryErrors(filePath: string, code: string, rule: string | RegExp = '@nx/enforce-module-boundaries'): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    const matches = (ruleId: string | null) => (typeof rule === 'string' ? ruleId === rule : rule.test(ruleId ?? ''));
    return result.messages.filter((message) => matches(message.ruleId)).map((message) => `${message.ruleId}: ${message.message}`);
  }
  /** Every eslint-plugin-boundaries rule: the door policies and the refusal of unresolved imports. */
  const doorErrors = (filePath: string, code: string) => boundaryErrors(filePath, code, /^boundaries\//);

  it('lets domain code import data and util libs', async () => {
    const errors = await boundaryErrors(
      'libs/domain/src/identity/boundary-fixture.ts',
      `import { Database } from '@platform/db';\nimport { loadConfig } from '@platform/config';\nexport const used = [Database, loadConfig];\n`,
    );
    expect(errors).to.deep.equal([]);
  });

  it('keeps express out of domain code', async () => {
    const errors = await boundaryErrors(
      'libs/domain/src/identity/boundary-fixture.ts',
      `import express from 'express';\nexport const app = express();\n`,
    );
    expect(errors.join('\n')).to.match(/"type:domain" is not allowed to import "express"/);
  });

  it('keeps routing-controllers out of domain code', async () => {
    const errors = await boundaryErrors(
      'libs/domain/src/identity/boundary-fixture.ts',
      `import { JsonController } from 'routing-controllers';\nexport const decorator = JsonController;\n`,
    );
    expect(errors.join('\n')).to.match(/"type:domain" is not allowed to import "routing-controllers"/);
  });

  it('keeps the HTTP kit out of domain code', async () => {
    const errors = await boundaryErrors(
      'libs/domain/src/identity/boundary-fixture.ts',
      `import { ApiResponse } from '@platform/http';\nexport const response = ApiResponse;\n`,
    );
    // Either message means refused: http already depends on domain, so the import is also a cycle.
    expect(errors.join('\n')).to.match(/"type:domain" can only depend on libs tagged with|Circular dependency/);
  });

  it('keeps util libs from depending on data libs', async () => {
    const errors = await boundaryErrors(
      'libs/config/src/boundary-fixture.ts',
      `import { Cache } from '@platform/redis';\nexport const cache = Cache;\n`,
    );
    expect(errors.join('\n')).to.match(/"type:util" can only depend on libs tagged with/);
  });

  it('forbids an app from importing another app', async () => {
    const errors = await boundaryErrors(
      'apps/admin-api/src/boundary-fixture.ts',
      `import { createCustomerApi } from '../../customer-api/src/customer-api';\nexport const create = createCustomerApi;\n`,
    );
    expect(errors.join('\n')).to.match(/Projects cannot be imported by a relative or absolute path/);
  });

  it('forbids a lib from importing an app', async () => {
    const errors = await boundaryErrors(
      'libs/http/src/boundary-fixture.ts',
      `import { createAdminApi } from '../../../apps/admin-api/src/admin-api';\nexport const create = createAdminApi;\n`,
    );
    expect(errors.join('\n')).to.match(/Projects cannot be imported by a relative or absolute path/);
  });

  describe('context doors (eslint-plugin-boundaries)', () => {
    it('refuses an import that reaches past another context\'s index.ts', async () => {
      const errors = await doorErrors(
        'libs/domain/src/progress/boundary-fixture.ts',
        `import { CourseNotFound } from '../catalog/catalog.errors';\nexport const error = CourseNotFound;\n`,
      );
      expect(errors.join('\n')).to.match(/only through its index\.ts .*catalog\/catalog\.errors\.ts/);
    });

    it('refuses it in spec files too', async () => {
      const errors = await doorErrors(
        'libs/domain/src/progress/boundary-fixture.spec.ts',
        `import { ProductSlugs } from '../catalog/slugs/product-slugs.service';\nexport const slugs = ProductSlugs;\n`,
      );
      expect(errors.join('\n')).to.match(/only through its index\.ts/);
    });

    it("refuses the domain's root barrel, which re-exports every context ('..' or '../index')", async () => {
      for (const source of ['..', '../index', '../../index']) {
        const errors = await doorErrors(
          `libs/domain/src/progress/${source === '../../index' ? 'reads/' : ''}boundary-fixture.ts`,
          `import { CourseNotFound } from '${source}';\nexport const error = CourseNotFound;\n`,
        );
        expect(errors.join('\n'), source).to.match(/boundaries\/dependencies: .*never the domain's root barrel/);
      }
    });

    it('refuses an import that does not resolve (a .js suffix reaching past a door, a typo)', async () => {
      for (const source of ['../catalog/catalog.errors.js', './no-such-file']) {
        const errors = await doorErrors(
          'libs/domain/src/progress/boundary-fixture.ts',
          `import { CourseNotFound } from '${source}';\nexport const error = CourseNotFound;\n`,
        );
        expect(errors.join('\n'), source).to.match(/boundaries\/no-unknown-dependencies: /);
      }
    });

    it('lets a context import another through its door, and its own files freely', async () => {
      expect(
        await doorErrors(
          'libs/domain/src/progress/boundary-fixture.ts',
          `import { CourseNotFound } from '../catalog';\nimport { slugify } from '../shared';\nexport const used = [CourseNotFound, slugify];\n`,
        ),
      ).to.deep.equal([]);
      expect(
        await doorErrors(
          'libs/domain/src/catalog/boundary-fixture.ts',
          `import { ProductSlugs } from './slugs/product-slugs.service';\nexport const slugs = ProductSlugs;\n`,
        ),
      ).to.deep.equal([]);
    });
  });

  describe('context cycles (tools/lint/context-graph.ts)', () => {
    it('refuses an import that closes a cycle between contexts', () => {
      const fixture = { path: 'libs/domain/src/shared/boundary-fixture.ts', code: `export { CustomersService } from '../identity';\n` };
      const graph = contextGraph([...domainSources(), fixture]);
      const cycles = contextCycles(graph).map((cycle) => describeCycle(graph, cycle));
      expect(cycles).to.include.members([`identity -> shared -> identity (${firstImporter(graph, 'identity', 'shared')} imports shared; ${fixture.path} imports identity)`]);
    });

    it("refuses a context's import of the domain's root barrel, which would hide its edges", () => {
      for (const source of ['..', '../index', '../']) {
        const fixture = { path: 'libs/domain/src/shared/boundary-fixture.ts', code: `export { CustomersService } from '${source}';\n` };
        expect(() => contextGraph([...domainSources(), fixture]), source).to.throw(/boundary-fixture\.ts imports the domain's root barrel/);
      }
    });

    it('finds no cycle between the contexts of libs/domain/src', () => {
      const graph = contextGraph(domainSources());
      expect(contextCycles(graph).map((cycle) => describeCycle(graph, cycle))).to.deep.equal([]);
    });
  });
});

const firstImporter = (graph: ReturnType<typeof contextGraph>, from: string, to: string) => graph.get(from)?.get(to)?.[0];
