import { expect } from 'chai';
import { ESLint } from 'eslint';
import { createProjectGraphAsync } from '@nx/devkit';

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

  async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages
      .filter((message) => message.ruleId === '@nx/enforce-module-boundaries')
      .map((message) => message.message);
  }

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
});
