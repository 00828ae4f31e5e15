import { expect } from 'chai';
import { cartTotals, promotionLines } from './cart-totals';

describe('cartTotals', () => {
  const lines = [
    { productId: 1, unitMrpPaisa: 50_000, unitSpPaisa: 40_000, quantity: 1 },
    { productId: 2, unitMrpPaisa: 3_000, unitSpPaisa: 2_500, quantity: 1 },
  ];

  it('sums the snapshots and subtracts the discount: payable = totalSp − appliedDiscount', () => {
    expect(cartTotals(lines, 2_500)).to.deep.equal({ totalMrp: 53_000, totalSp: 42_500, appliedDiscount: 2_500, payable: 40_000 });
  });

  it('never lets the discount go above totalSp or below zero', () => {
    expect(cartTotals(lines, 100_000)).to.include({ appliedDiscount: 42_500, payable: 0 });
    expect(cartTotals(lines, -5)).to.include({ appliedDiscount: 0, payable: 42_500 });
    expect(cartTotals([], 1_000)).to.deep.equal({ totalMrp: 0, totalSp: 0, appliedDiscount: 0, payable: 0 });
  });

  it('prices promotion lines at unitSp × quantity', () => {
    expect(promotionLines([{ productId: 7, unitMrpPaisa: 9, unitSpPaisa: 4, quantity: 3 }])).to.deep.equal([{ productId: 7, pricePaisa: 12 }]);
  });
});
