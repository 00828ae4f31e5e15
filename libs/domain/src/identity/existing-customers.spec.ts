import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, UserModel } from '@platform/db';
import { createCustomer, testContainer } from '@platform/testing';
import { CUSTOMER_EXISTS_FOR_MS, ExistingCustomers } from './existing-customers';

describe(ExistingCustomers.name, () => {
  let container: ContainerInstance;
  let db: Database;
  let nowMs: number;
  let customers: ExistingCustomers;

  before(async () => {
    container = await testContainer('existing-customers-spec');
    db = container.get(Database);
  });

  beforeEach(() => {
    nowMs = 1_000_000;
    customers = new ExistingCustomers(db, { now: () => nowMs });
  });

  it('answers from memory for CUSTOMER_EXISTS_FOR_MS after the database said yes, then asks again', async () => {
    const customer = await createCustomer(container);
    expect(await customers.exists(customer.id)).to.equal(true);
    await UserModel.destroy({ where: { id: customer.id } });
    nowMs += CUSTOMER_EXISTS_FOR_MS - 1;
    expect(await customers.exists(customer.id), 'within the documented delay').to.equal(true);
    nowMs += 2;
    expect(await customers.exists(customer.id), 'after it').to.equal(false);
  });

  it('never remembers a missing customer: one created later is found at once', async () => {
    const customer = await createCustomer(container);
    await UserModel.destroy({ where: { id: customer.id } });
    expect(await customers.exists(customer.id)).to.equal(false);
    await UserModel.create({ id: customer.id, email: `again-${customer.email}`, passwordHash: 'x', fullName: 'Again' });
    expect(await customers.exists(customer.id)).to.equal(true);
  });

  it('asks the database once for concurrent first requests of one customer', async () => {
    const customer = await createCustomer(container);
    let queries = 0;
    const counting = { prepared: (...args: Parameters<Database['prepared']>) => (queries++, db.prepared(...args)) } as unknown as Database;
    const shared = new ExistingCustomers(counting, { now: () => nowMs });
    expect(await Promise.all(Array.from({ length: 10 }, () => shared.exists(customer.id)))).to.deep.equal(Array(10).fill(true));
    expect(queries).to.equal(1);
  });

  it('counts the time from the start of the lookup: a slow answer is remembered for less', async () => {
    const customer = await createCustomer(container);
    let queries = 0;
    const slow = {
      prepared: async (...args: Parameters<Database['prepared']>) => {
        queries++;
        const rows = await db.prepared(...args);
        nowMs += 3_000;
        return rows;
      },
    } as unknown as Database;
    const remembering = new ExistingCustomers(slow, { now: () => nowMs });
    expect(await remembering.exists(customer.id)).to.equal(true);
    nowMs += CUSTOMER_EXISTS_FOR_MS - 3_000 - 1;
    expect([await remembering.exists(customer.id), queries]).to.deep.equal([true, 1]);
    nowMs += 2;
    expect([await remembering.exists(customer.id), queries]).to.deep.equal([true, 2]);
  });
});
