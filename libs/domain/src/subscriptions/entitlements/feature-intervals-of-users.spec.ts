import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, SubscriptionModel, SubscriptionPlanFeatureModel } from '@platform/db';
import { createCustomer, createSubscription, createSubscriptionCatalog, testContainer, TestSubscriptionCatalog } from '@platform/testing';
import { textArrayLiteral } from '../../shared';
import { EntitlementService, Interval } from './entitlements.service';

const DAY = 86_400_000;

type Level = 'basic' | 'premium';
/** An interval as day offsets from `now`, [from, to). */
type Days = [number, number];

/**
 * EntitlementService.featureIntervalsOfUsers (issue 22 "Broadcast push": a fan-out page's members
 * judged in one query) answers, for every user asked about, exactly what featureIntervals answers
 * for that user alone (the per-reader path of ChannelAccessService.decide). Each case also states
 * the intervals it expects, so the two cannot agree on a wrong answer unnoticed.
 */
describe(`${EntitlementService.name}.featureIntervalsOfUsers`, () => {
  let container: ContainerInstance;
  let entitlements: EntitlementService;
  let db: Database;
  let catalog: TestSubscriptionCatalog;
  /** A module whose tiers have nothing to do with `catalog`'s. */
  let unrelated: TestSubscriptionCatalog;
  /** A second module whose basic plan also gives `catalog.basicKey` (one key sold in two modules). */
  let twin: TestSubscriptionCatalog;
  /** A module whose basic plan has its feature disabled. */
  let disabled: TestSubscriptionCatalog;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const days = (intervals: Interval[]): Days[] => intervals.map(({ from, to }) => [(from.getTime() - now.getTime()) / DAY, (to.getTime() - now.getTime()) / DAY]);

  before(async () => {
    container = await testContainer('feature-intervals-of-users-spec');
    entitlements = container.get(EntitlementService);
    db = container.get(Database);
    catalog = await createSubscriptionCatalog();
    unrelated = await createSubscriptionCatalog();
    twin = await createSubscriptionCatalog();
    await SubscriptionPlanFeatureModel.create({
      id: uuidv7(),
      planId: twin.basic.plan.id,
      moduleId: twin.module.id,
      featureKey: catalog.basicKey,
      featureText: 'The same signals, sold in another module',
    });
    disabled = await createSubscriptionCatalog();
    await SubscriptionPlanFeatureModel.update({ enabled: false }, { where: { planId: disabled.basic.plan.id } });
  });

  const customer = async () => (await createCustomer(container)).id;
  const plan = (level: Level, of: TestSubscriptionCatalog = catalog) => ({ planId: of[level].plan.id, moduleId: of.module.id });
  const window = (userId: string, level: Level, from: number, to: number, options: { status?: 'trial' | 'active' | 'revoked'; revokedAt?: number; of?: TestSubscriptionCatalog } = {}) =>
    createSubscription(userId, plan(level, options.of), {
      status: options.status,
      startsAt: at(from),
      endsAt: at(to),
      revokedAt: options.revokedAt === undefined ? undefined : at(options.revokedAt),
    });

  /** The batched answer, after checking it equals featureIntervals for each user asked about, and names no one else. */
  async function batchedAgrees(userIds: string[], featureKey: string): Promise<Map<string, Interval[]>> {
    const batched = await entitlements.featureIntervalsOfUsers(userIds, featureKey);
    expect([...batched.keys()]).to.have.members([...new Set(userIds)]);
    for (const userId of userIds) {
      expect(batched.get(userId), userId).to.deep.equal(await entitlements.featureIntervals(userId, featureKey));
    }
    return batched;
  }

  interface Case {
    rule: string;
    /** Default `catalog.basicKey`. */
    key?: () => string;
    windows: (userId: string) => Promise<unknown>;
    expected: Days[];
  }

  const CASES: Case[] = [
    { rule: 'a user without subscriptions has no interval', windows: async () => undefined, expected: [] },
    { rule: 'one window is one interval', windows: (u) => window(u, 'basic', -10, 20), expected: [[-10, 20]] },
    {
      rule: 'touching windows (a trial, then its paid follow-up) are merged into one interval',
      windows: async (u) => {
        await window(u, 'basic', -100, -93, { status: 'trial' });
        await window(u, 'basic', -93, -63);
      },
      expected: [[-100, -63]],
    },
    {
      rule: 'separate windows stay separate intervals, oldest first',
      windows: async (u) => {
        await window(u, 'basic', -10, 20);
        await window(u, 'basic', -100, -70);
      },
      expected: [
        [-100, -70],
        [-10, 20],
      ],
    },
    {
      rule: 'overlapping windows (a revoked one under a live one) are merged',
      windows: async (u) => {
        await window(u, 'basic', -10, 20);
        await window(u, 'basic', -20, 40, { status: 'revoked', revokedAt: 0 });
      },
      expected: [[-20, 20]],
    },
    {
      rule: 'overlapping windows of two modules selling the same key are merged',
      windows: async (u) => {
        await window(u, 'basic', -10, 20);
        await window(u, 'basic', -15, 5, { of: twin });
      },
      expected: [[-15, 20]],
    },
    { rule: 'a trial is an interval', windows: (u) => window(u, 'basic', -1, 6, { status: 'trial' }), expected: [[-1, 6]] },
    {
      rule: 'a window revoked mid-way ends at its revocation',
      windows: (u) => window(u, 'basic', -10, 20, { status: 'revoked', revokedAt: -2 }),
      expected: [[-10, -2]],
    },
    {
      rule: 'a window revoked before its start is empty and dropped',
      windows: (u) => window(u, 'basic', 5, 35, { status: 'revoked', revokedAt: -1 }),
      expected: [],
    },
    {
      rule: 'a window revoked at its very start is empty and dropped',
      windows: (u) => window(u, 'basic', -5, 25, { status: 'revoked', revokedAt: -5 }),
      expected: [],
    },
    {
      rule: 'a pending payment gives no interval',
      windows: (u) =>
        SubscriptionModel.create({ id: uuidv7(), userId: u, moduleId: catalog.module.id, planId: catalog.basic.plan.id, status: 'pending_payment', source: 'purchase' }),
      expected: [],
    },
    { rule: "a premium plan gives its parent basic tier's key", windows: (u) => window(u, 'premium', -1, 29), expected: [[-1, 29]] },
    { rule: "a basic plan does not give its child premium tier's key", key: () => catalog.premiumKey, windows: (u) => window(u, 'basic', -1, 29), expected: [] },
    { rule: 'a plan of an unrelated tier does not give the key', windows: (u) => window(u, 'premium', -1, 29, { of: unrelated }), expected: [] },
    {
      rule: 'a plan whose feature is disabled does not give the key',
      key: () => disabled.basicKey,
      windows: (u) => window(u, 'basic', -1, 29, { of: disabled }),
      expected: [],
    },
  ];

  for (const { rule, key, windows, expected } of CASES) {
    it(`agrees with featureIntervals: ${rule}`, async () => {
      const userId = await customer();
      await windows(userId);
      const featureKey = key?.() ?? catalog.basicKey;
      const batched = await batchedAgrees([userId], featureKey);
      expect(days(batched.get(userId) ?? [])).to.deep.equal(expected);
    });
  }

  it("answers every case's user in one call, each with their own intervals", async () => {
    const byKey = new Map<string, Array<{ userId: string; expected: Days[] }>>();
    for (const { key, windows, expected } of CASES) {
      const userId = await customer();
      await windows(userId);
      const featureKey = key?.() ?? catalog.basicKey;
      byKey.set(featureKey, [...(byKey.get(featureKey) ?? []), { userId, expected }]);
    }
    for (const [featureKey, users] of byKey) {
      const batched = await batchedAgrees(
        users.map((user) => user.userId),
        featureKey,
      );
      for (const { userId, expected } of users) expect(days(batched.get(userId) ?? []), userId).to.deep.equal(expected);
    }
  });

  it('answers only the users asked about: a holder left out of the list is not in the map', async () => {
    const asked = await customer();
    const other = await customer();
    await window(asked, 'basic', -1, 29);
    await window(other, 'basic', -1, 29);
    const unknown = uuidv7();
    const batched = await batchedAgrees([asked, unknown], catalog.basicKey);
    expect([...batched.keys()]).to.have.members([asked, unknown]);
    expect(batched.get(unknown)).to.deep.equal([]);
    expect(batched.has(other)).to.equal(false);
  });

  it('answers an empty list with an empty map, without a query', async () => {
    const statements = await recordStatements(() => entitlements.featureIntervalsOfUsers([], catalog.basicKey));
    expect(statements.result.size).to.equal(0);
    expect(statements.sql).to.deep.equal([]);
  });

  it('answers 1,000 users in one query, each as featureIntervals does', async function () {
    this.timeout(60_000);
    const tag = uuidv7();
    const [rows] = await db.sequelize.query(
      `INSERT INTO users (id, email, password_hash, full_name)
       SELECT md5(:tag || n)::uuid, 'bulk.' || md5(:tag || n) || '@example.com', 'x', 'Bulk member ' || n
       FROM generate_series(1, 1000) AS g(n) RETURNING id`,
      { replacements: { tag } },
    );
    const userIds = (rows as Array<{ id: string }>).map((row) => row.id).sort();
    // Five kinds of member by position: none; one window; touching trial + paid; premium then a
    // window revoked mid-way; an unrelated module's plan only.
    const kind = (index: number) => index % 5;
    const ofKind = (k: number) => userIds.filter((_, index) => kind(index) === k);
    const bulk = async (users: string[], of: TestSubscriptionCatalog, level: Level, from: number, to: number, status: 'trial' | 'active' | 'revoked' = 'active', revokedAt?: number) => {
      await db.sequelize.query(
        `INSERT INTO subscriptions (id, user_id, module_id, plan_id, status, source, granted_by_admin_id, starts_at, ends_at, revoked_at, revoked_by_admin_id)
         SELECT gen_random_uuid(), u, :moduleId, :planId, :status, :source, :grantedBy, :from, :to, :revokedAt, :revokedBy
         FROM unnest(CAST(:users AS uuid[])) AS u`,
        {
          replacements: {
            users: textArrayLiteral(users),
            moduleId: of.module.id,
            planId: of[level].plan.id,
            status,
            source: status === 'trial' ? 'trial' : 'admin_grant',
            grantedBy: status === 'trial' ? null : 'test-admin',
            from: at(from),
            to: at(to),
            revokedAt: revokedAt === undefined ? null : at(revokedAt),
            revokedBy: revokedAt === undefined ? null : 'test-admin',
          },
        },
      );
    };
    await bulk(ofKind(1), catalog, 'basic', -10, 20);
    await bulk(ofKind(2), catalog, 'basic', -100, -93, 'trial');
    await bulk(ofKind(2), catalog, 'basic', -93, -63);
    await bulk(ofKind(3), catalog, 'premium', -30, -5);
    await bulk(ofKind(3), catalog, 'basic', -3, 30, 'revoked', -1);
    await bulk(ofKind(4), unrelated, 'basic', -10, 20);
    const EXPECTED: Days[][] = [[], [[-10, 20]], [[-100, -63]], [[-30, -5], [-3, -1]], []];

    const { result: batched, sql } = await recordStatements(() => entitlements.featureIntervalsOfUsers(userIds, catalog.basicKey));
    expect(sql, sql.join('\n')).to.have.length(1);
    expect(batched.size).to.equal(1000);
    for (const [index, userId] of userIds.entries()) {
      const intervals = batched.get(userId) ?? [];
      expect(days(intervals), userId).to.deep.equal(EXPECTED[kind(index)]);
      expect(intervals, userId).to.deep.equal(await entitlements.featureIntervals(userId, catalog.basicKey));
    }
  });

  /** The SQL statements `work` ran on the database (sequelize's afterQuery hook). */
  async function recordStatements<T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
    const sql: string[] = [];
    db.sequelize.addHook('afterQuery', 'feature-intervals-of-users-spec', (_options, query) => {
      sql.push(String((query as unknown as { sql?: string }).sql ?? ''));
    });
    try {
      return { result: await work(), sql };
    } finally {
      db.sequelize.removeHook('afterQuery', 'feature-intervals-of-users-spec');
    }
  }
});
