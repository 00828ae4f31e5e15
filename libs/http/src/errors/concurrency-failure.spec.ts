import { expect } from 'chai';
import type { Transaction } from '@platform/db';
import { sharedInfrastructure } from '@platform/testing';
import { toHttpErrorResponse } from './error-response';

/** A deadlock PostgreSQL breaks is a request to retry (409 CONFLICT), never a 500. */
describe('toHttpErrorResponse for concurrency failures', () => {
  it('answers a real deadlock with 409 CONFLICT and Retry-After, and logs it', async function () {
    this.timeout(15_000);
    const { db } = await sharedInfrastructure();
    const { sequelize } = db;
    await sequelize.query('CREATE TABLE IF NOT EXISTS deadlock_probe_rows (id int PRIMARY KEY)');
    await sequelize.query('INSERT INTO deadlock_probe_rows VALUES (1), (2) ON CONFLICT DO NOTHING');
    const lockBoth = (first: number, second: number, ready: Promise<void>, signal: () => void) =>
      db.transaction(async (tx: Transaction) => {
        await sequelize.query('SELECT id FROM deadlock_probe_rows WHERE id = :id FOR UPDATE', { replacements: { id: first }, transaction: tx });
        signal();
        await ready;
        await sequelize.query('SELECT id FROM deadlock_probe_rows WHERE id = :id FOR UPDATE', { replacements: { id: second }, transaction: tx });
      });
    let aLocked!: () => void;
    let bLocked!: () => void;
    const aReady = new Promise<void>((resolve) => (aLocked = resolve));
    const bReady = new Promise<void>((resolve) => (bLocked = resolve));
    const outcomes = await Promise.allSettled([lockBoth(1, 2, bReady, aLocked), lockBoth(2, 1, aReady, bLocked)]);
    const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(failures).to.have.length(1);
    const response = toHttpErrorResponse(failures[0].reason);
    expect(response.status).to.equal(409);
    expect(response.body.errorCode).to.equal('CONFLICT');
    expect(response.headers['Retry-After']).to.equal('1');
    expect(response.unexpected).to.equal(true);
  });
});
