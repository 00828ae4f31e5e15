import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { PromotionModel, PromotionRedemptionModel } from '@platform/db';
import { createCourse, createCustomer, createPromotion, testContainer } from '@platform/testing';
import { DomainError } from '../shared';
import { PromotionEvaluator } from './promotion-evaluator.service';

describe(PromotionEvaluator.name, () => {
  let container: ContainerInstance;
  let evaluator: PromotionEvaluator;

  before(async () => {
    container = await testContainer('promotion-evaluator-spec');
    evaluator = container.get(PromotionEvaluator);
  });

  async function codeAndLines(options: Parameters<typeof createPromotion>[0] = {}) {
    const { product } = await createCourse({ spPaisa: 40_000, mrpPaisa: 50_000 });
    const promotion = await createPromotion({ percent: 10, ...options });
    return { promotion, code: promotion.code, lines: [{ productId: product.id, pricePaisa: product.spPaisa }] };
  }

  /** The evaluation's error message, or fails when the code applied. */
  async function refusal(work: Promise<unknown>): Promise<string> {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, 'the code applied').to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('PROMOTION_NOT_APPLICABLE');
    return (error as DomainError).message;
  }

  it('evaluates without using the code, matching it in any case', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 1 });
    const user = await createCustomer(container);
    const first = await evaluator.evaluate({ code: code.toLowerCase(), userId: user.id, lines });
    await evaluator.evaluate({ code, userId: user.id, lines });
    expect(first.discountPaisa).to.equal(4_000);
    expect(first.promotion.id).to.equal(promotion.id);
    expect((await PromotionModel.findByPk(promotion.id))?.timesUsed).to.equal(0);
    expect(await PromotionRedemptionModel.count({ where: { promotionId: promotion.id } })).to.equal(0);
  });

  it("refuses a restricted code for lines without the restricted product, and discounts only that product's line", async () => {
    const { product: restricted } = await createCourse({ spPaisa: 10_000, mrpPaisa: 10_000 });
    const { code, lines } = await codeAndLines({ productId: restricted.id, discountPaisa: 2_500 });
    const user = await createCustomer(container);
    expect(await refusal(evaluator.evaluate({ code, userId: user.id, lines }))).to.match(/does not apply/);
    const both = [...lines, { productId: restricted.id, pricePaisa: 1_000 }];
    expect((await evaluator.evaluate({ code, userId: user.id, lines: both })).discountPaisa).to.equal(1_000);
  });

  it('judges the validity window at the given moment: from startsAt, until before endsAt', async () => {
    const { code, lines } = await codeAndLines({
      startsAt: new Date('2030-01-01T00:00:00Z'),
      endsAt: new Date('2030-02-01T00:00:00Z'),
    });
    const user = await createCustomer(container);
    const at = (iso: string) => evaluator.evaluate({ code, userId: user.id, lines, at: new Date(iso) });
    expect(await refusal(at('2029-12-31T23:59:59Z'))).to.match(/not valid yet/);
    expect(await at('2030-01-01T00:00:00Z')).to.have.property('discountPaisa', 4_000);
    expect(await refusal(at('2030-02-01T00:00:00Z'))).to.match(/expired/);
  });

  it('refuses an unknown code, an inactive one, and an empty set of lines', async () => {
    const user = await createCustomer(container);
    const { code, lines } = await codeAndLines({ isActive: false });
    expect(await refusal(evaluator.evaluate({ code: 'NO-SUCH-CODE', userId: user.id, lines }))).to.match(/does not exist/);
    expect(await refusal(evaluator.evaluate({ code, userId: user.id, lines }))).to.match(/not active/);
    const active = await codeAndLines();
    expect(await refusal(evaluator.evaluate({ code: active.code, userId: user.id, lines: [] }))).to.match(/nothing to apply/);
  });

  it('refuses a code at its usage limit', async () => {
    const { promotion, code, lines } = await codeAndLines({ usageLimit: 2 });
    const user = await createCustomer(container);
    await promotion.update({ timesUsed: 2 });
    expect(await refusal(evaluator.evaluate({ code, userId: user.id, lines }))).to.match(/usage limit/);
  });

  it("counts only the user's own uses that were not released against the per-user limit", async () => {
    const { promotion, code, lines } = await codeAndLines({ perUserLimit: 2 });
    const [user, other] = await Promise.all([createCustomer(container), createCustomer(container)]);
    const use = (userId: string, reference: string, releasedAt: Date | null = null) =>
      PromotionRedemptionModel.create({ promotionId: promotion.id, userId, reference, discountPaisa: 100, releasedAt });
    await use(user.id, 'order:1');
    await use(user.id, 'order:2', new Date());
    await use(other.id, 'order:3');
    await evaluator.evaluate({ code, userId: user.id, lines });
    await use(user.id, 'order:4');
    expect(await refusal(evaluator.evaluate({ code, userId: user.id, lines }))).to.match(/maximum number of times/);
    await evaluator.evaluate({ code, userId: other.id, lines });
  });
});
