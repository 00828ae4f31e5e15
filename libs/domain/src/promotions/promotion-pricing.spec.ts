import { expect } from 'chai';
import { discountForLines, discountForPrice, DiscountRule } from './promotion-pricing';
import { mergeUpdate, PromotionFields, promotionShapeProblems } from './promotion-fields';

const percent = (value: number, productId: number | null = null): DiscountRule => ({
  discountType: 'percent',
  percent: value,
  discountPaisa: null,
  productId,
});
const fixed = (paisa: number, productId: number | null = null): DiscountRule => ({
  discountType: 'fixed',
  percent: null,
  discountPaisa: paisa,
  productId,
});

describe('promotion pricing', () => {
  it('rounds a percentage down to whole paisa', () => {
    expect(discountForPrice(percent(15), 999)).to.equal(149);
    expect(discountForPrice(percent(100), 40_000)).to.equal(40_000);
  });

  it('caps a fixed discount at the price', () => {
    expect(discountForPrice(fixed(5_000), 40_000)).to.equal(5_000);
    expect(discountForPrice(fixed(50_000), 40_000)).to.equal(40_000);
  });

  it('never gives a negative discount', () => {
    expect(discountForPrice(fixed(5_000), 0)).to.equal(0);
    expect(discountForPrice(percent(10), -100)).to.equal(0);
  });

  it("discounts only the restricted product's line", () => {
    const lines = [
      { productId: 1, pricePaisa: 10_000 },
      { productId: 2, pricePaisa: 30_000 },
    ];
    expect(discountForLines(percent(50, 2), lines)).to.equal(15_000);
    expect(discountForLines(percent(50, 3), lines)).to.equal(0);
  });

  it('takes a fixed amount once off the eligible total, not once per line', () => {
    const lines = [
      { productId: 1, pricePaisa: 10_000 },
      { productId: 2, pricePaisa: 30_000 },
    ];
    expect(discountForLines(fixed(5_000), lines)).to.equal(5_000);
    expect(discountForLines(percent(10), lines)).to.equal(4_000);
  });
});

describe('promotion fields', () => {
  const stored: PromotionFields = {
    code: 'SAVE10',
    description: null,
    discountType: 'percent',
    percent: 10,
    discountPaisa: null,
    productId: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perUserLimit: null,
    isActive: true,
  };

  it('accepts a percent code with a percent and a fixed code with an amount', () => {
    expect(promotionShapeProblems(stored)).to.deep.equal([]);
    expect(promotionShapeProblems({ ...stored, discountType: 'fixed', percent: null, discountPaisa: 100 })).to.deep.equal([]);
  });

  it('refuses a percent code with an amount, or without a percent', () => {
    const fields = promotionShapeProblems({ ...stored, percent: null, discountPaisa: 100 }).map((p) => p.field);
    expect(fields).to.deep.equal(['percent', 'discountPaisa']);
  });

  it('refuses a window that ends before it starts', () => {
    const problems = promotionShapeProblems({ ...stored, startsAt: new Date('2030-02-01'), endsAt: new Date('2030-01-01') });
    expect(problems.map((p) => p.field)).to.deep.equal(['endsAt']);
  });

  it('switching the discount type drops the other amount unless the update sets it', () => {
    const merged = mergeUpdate(stored, { discountType: 'fixed', discountPaisa: 2_500 });
    expect(merged).to.include({ discountType: 'fixed', percent: null, discountPaisa: 2_500 });
    expect(promotionShapeProblems(mergeUpdate(stored, { discountType: 'fixed' })).map((p) => p.field)).to.deep.equal(['discountPaisa']);
  });

  it('upper-cases an updated code and lets null clear optional fields', () => {
    const merged = mergeUpdate({ ...stored, usageLimit: 5 }, { code: 'new-code', usageLimit: null });
    expect(merged).to.include({ code: 'NEW-CODE', usageLimit: null });
  });
});
