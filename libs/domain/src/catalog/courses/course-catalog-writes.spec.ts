import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { CourseCatalogWrites } from './course-catalog-writes.service';

/**
 * The cached storefront is only as fresh as its invalidation: a course use case that opened its own
 * transaction (Database) would write without making the storefront stale. Its e2e
 * (storefront-cache.e2e.ts) shows each write on the next read; this keeps new use cases on the path.
 */
describe(CourseCatalogWrites.name, () => {
  it('is how every course use case writes: none of them opens a transaction of its own', async () => {
    const dir = join(__dirname, 'use-cases');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.use-case.ts'));
    expect(files).to.have.length.greaterThan(10);
    for (const name of files) {
      const source = await readFile(join(dir, name), 'utf8');
      expect(source, name).not.to.match(/\bDatabase\b|sequelize\.transaction/);
      expect(source, name).to.contain('this.writes.transaction(');
    }
  });
});
