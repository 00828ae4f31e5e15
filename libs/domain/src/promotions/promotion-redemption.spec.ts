import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { Database, PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { createCourse, createCustomer, createPromotion, testContainer } from '@platform/testing';
import { DomainError } from '../shared';
import { RedeemPromotionUseCase, RedemptionResult } from './use-cases/redeem-promotion.use-case';
import { ReleasePromotionRedemptionUseCase } from './use-cases/release-promotion-redemption.use-case';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Settles a redemption into its result or its error, so a batch can be inspected as a whole. */
const settle = (work: Promise<RedemptionResult>) =>
  work.then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('promotion redemption', () => {
  let container: ContainerInstance;
  let db: Database;
  let redeem: RedeemPromotionUseCase;
  let release: ReleasePromotionRedemptionUseCase;
  let references = 0;
  const nextReference = () => `order:${Date.now()}-${++references}`;

  before(async () => {
    container = await testContainer('promotions-spec');
    db = container.get(Database);
    redeem = container.get(RedeemPromotionUseCase);
    release = container.get(ReleasePromotionRedemptionUseCase);
  });

  async function codeAndLines(options: Parameters<typeof createPromotion>[0] = {}) {
    const { product } = await createCourse({ spPaisa: 40_000, mrpPaisa: 50_000 });
    const promotion = await createPromotion({ percent: 10, ...options });
    return { promotion, code: promotion.code, lines: [{ productId: product.id, pricePaisa: product.spPaisa }] };
  }

  const uses = async (promotionId: number) => ({
    rows: await PromotionRedemptionModel.count({ where: { promotionId, releasedAt: null } }),
    timesUsed: (await PromotionModel.findByPk(promotionId))?.timesUsed,
  });

  const expectNotApplicable = (error: unknown) => {
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('PROMOTION_NOT_APPLICABLE');
  };

  it('applies a single-use code once when several users redeem it at the same time', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 1 });
    const users = await Promise.all([1, 2, 3, 4].map(() => createCustomer(container)));
    const outcomes = await Promise.all(
      users.map((user) => settle(redeem.execute({ code, userId: user.id, reference: nextReference(), lines }))),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).to.have.length(1);
    for (const outcome of outcomes.filter((o) => !o.ok)) expectNotApplicable(outcome.ok ? undefined : outcome.error);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
  });

  it('makes a second redemption wait for the first transaction and then refuses it', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 1 });
    const [first, second] = await Promise.all([createCustomer(container), createCustomer(container)]);
    let waiting: Promise<Awaited<ReturnType<typeof settle>>> | undefined;
    let settledEarly = false;
    await db.transaction(async (tx) => {
      await redeem.execute({ code, userId: first.id, reference: nextReference(), lines }, tx);
      waiting = settle(redeem.execute({ code, userId: second.id, reference: nextReference(), lines }));
      void waiting.then(() => (settledEarly = true));
      await sleep(300);
      // Still blocked on the row lock: the first checkout has not committed yet.
      expect(settledEarly).to.equal(false);
    });
    const outcome = await (waiting as Promise<Awaited<ReturnType<typeof settle>>>);
    expect(outcome.ok).to.equal(false);
    expectNotApplicable(outcome.ok ? undefined : outcome.error);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
  });

  it('holds a per-user limit of 1 for one user checking out twice at the same time', async () => {
    const { promotion, code, lines } = await codeAndLines({ perUserLimit: 1 });
    const user = await createCustomer(container);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => settle(redeem.execute({ code, userId: user.id, reference: nextReference(), lines }))),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).to.have.length(1);
    for (const outcome of outcomes.filter((o) => !o.ok)) expectNotApplicable(outcome.ok ? undefined : outcome.error);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
    // Another user is not limited by the first one's use.
    const other = await createCustomer(container);
    await redeem.execute({ code, userId: other.id, reference: nextReference(), lines });
    expect(await uses(promotion.id)).to.deep.equal({ rows: 2, timesUsed: 2 });
  });

  it('counts one use per reference: a replay returns the same redemption', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 1 });
    const user = await createCustomer(container);
    const reference = nextReference();
    const first = await redeem.execute({ code, userId: user.id, reference, lines });
    const replay = await redeem.execute({ code: code.toLowerCase(), userId: user.id, reference, lines });
    expect(first).to.include({ created: true, discountPaisa: 4_000 });
    expect(replay).to.include({ created: false, discountPaisa: 4_000 });
    expect(replay.redemption.id).to.equal(first.redemption.id);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
  });

  it('counts one use per reference under concurrent replays', async () => {
    const { promotion, code, lines } = await codeAndLines();
    const user = await createCustomer(container);
    const reference = nextReference();
    const results = await Promise.all([1, 2, 3].map(() => redeem.execute({ code, userId: user.id, reference, lines })));
    expect(results.filter((result) => result.created)).to.have.length(1);
    expect(new Set(results.map((result) => result.redemption.id)).size).to.equal(1);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
  });

  it('counts nothing when the order transaction that redeemed the code rolls back', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 1 });
    const user = await createCustomer(container);
    const failure = new Error('payment initiation failed');
    const outcome = await db
      .transaction(async (tx) => {
        await redeem.execute({ code, userId: user.id, reference: nextReference(), lines }, tx);
        throw failure;
      })
      .catch((error: unknown) => error);
    expect(outcome).to.equal(failure);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 0, timesUsed: 0 });
  });

  it('gives a released use back once, so a single-use code can be used again', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 1 });
    const [buyer, next] = await Promise.all([createCustomer(container), createCustomer(container)]);
    const reference = nextReference();
    await redeem.execute({ code, userId: buyer.id, reference, lines });

    const released = await release.execute({ code: code.toLowerCase(), reference });
    const again = await release.execute({ promotionId: promotion.id, reference });
    expect(released.released).to.equal(true);
    expect(released.redemption?.releasedAt).to.be.instanceOf(Date);
    expect(again.released).to.equal(false);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 0, timesUsed: 0 });

    await redeem.execute({ code, userId: next.id, reference: nextReference(), lines });
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
    expect(await PromotionRedemptionModel.count({ where: { promotionId: promotion.id } })).to.equal(2);
  });

  it('releases concurrently only once', async () => {
    const { promotion, code, lines } = await codeAndLines();
    const user = await createCustomer(container);
    const reference = nextReference();
    await redeem.execute({ code, userId: user.id, reference, lines });
    const results = await Promise.all([1, 2, 3].map(() => release.execute({ promotionId: promotion.id, reference })));
    expect(results.filter((result) => result.released)).to.have.length(1);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 0, timesUsed: 0 });
  });

  it('lets a released reference redeem again, counting it once more', async () => {
    const { promotion, code, lines } = await codeAndLines({ perUserLimit: 1 });
    const user = await createCustomer(container);
    const reference = nextReference();
    const first = await redeem.execute({ code, userId: user.id, reference, lines });
    await release.execute({ code, reference });
    const retried = await redeem.execute({ code, userId: user.id, reference, lines });
    expect(retried).to.include({ created: true });
    expect(retried.redemption.id).to.equal(first.redemption.id);
    expect(await uses(promotion.id)).to.deep.equal({ rows: 1, timesUsed: 1 });
  });

  it('releases nothing for a reference that never used the code', async () => {
    const { promotion } = await codeAndLines();
    expect(await release.execute({ promotionId: promotion.id, reference: nextReference() })).to.deep.equal({
      redemption: null,
      released: false,
    });
    expect(await release.execute({ code: 'NO-SUCH-CODE', reference: nextReference() })).to.deep.equal({
      redemption: null,
      released: false,
    });
  });

  it('refuses a reference that already used the code for another user', async () => {
    const { code, lines } = await codeAndLines();
    const [first, second] = await Promise.all([createCustomer(container), createCustomer(container)]);
    const reference = nextReference();
    await redeem.execute({ code, userId: first.id, reference, lines });
    const error = await redeem.execute({ code, userId: second.id, reference, lines }).catch((e: unknown) => e);
    expect((error as DomainError).code).to.equal('CONFLICT');
  });

  it('re-checks the rules under the lock: an inactive or unknown code is not redeemed', async () => {
    const { promotion, code, lines } = await codeAndLines({ isActive: false });
    const user = await createCustomer(container);
    expectNotApplicable(await redeem.execute({ code, userId: user.id, reference: nextReference(), lines }).catch((e: unknown) => e));
    expectNotApplicable(
      await redeem.execute({ code: 'NOPE-NOPE', userId: user.id, reference: nextReference(), lines }).catch((e: unknown) => e),
    );
    expect(await uses(promotion.id)).to.deep.equal({ rows: 0, timesUsed: 0 });
  });
});
