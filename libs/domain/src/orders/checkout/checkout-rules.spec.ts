import { expect } from 'chai';
import { requestFingerprint } from '../../shared';
import { newOrderNumber } from './order-number';
import { allocateDiscount, OrderLineDraft } from './order-writer.service';
import { isAllowedReturnUrl } from '../../payments';

const line = (productId: number, unitSpPaisa: number): OrderLineDraft => ({
  productId, productType: 'course', title: `P${productId}`, unitMrpPaisa: unitSpPaisa, unitSpPaisa, quantity: 1,
});

describe('checkout rules', () => {
  describe(allocateDiscount.name, () => {
    it('splits a discount over eligible lines in proportion, the shares adding up exactly', () => {
      expect(allocateDiscount(1_000, [line(1, 20_000), line(2, 10_000)], [true, true])).to.deep.equal([667, 333]);
      expect(allocateDiscount(100, [line(1, 1), line(2, 1), line(3, 1)], [true, true, true])).to.deep.equal([1, 1, 1]);
      const shares = allocateDiscount(1_001, [line(1, 333), line(2, 333), line(3, 335)], [true, true, true]);
      expect(shares.reduce((a, b) => a + b, 0)).to.equal(1_001);
    });

    it('gives nothing to lines the code does not cover', () => {
      expect(allocateDiscount(500, [line(1, 20_000), line(2, 10_000)], [false, true])).to.deep.equal([0, 500]);
      expect(allocateDiscount(0, [line(1, 20_000)], [true])).to.deep.equal([0]);
    });
  });

  it('numbers orders ORD-<yyyymmdd>-<6 base32>', () => {
    expect(newOrderNumber(new Date('2025-03-04T10:00:00Z'))).to.match(/^ORD-20250304-[A-Z2-7]{6}$/);
  });

  it('accepts return URLs on allowed http(s) origins only', () => {
    const allowed = ['https://shop.example.com', 'http://localhost:4200'];
    expect(isAllowedReturnUrl('https://shop.example.com/a?b=1', { allowedOrigins: allowed, isProduction: false })).to.equal(true);
    expect(isAllowedReturnUrl('http://localhost:4200/x', { allowedOrigins: allowed, isProduction: false })).to.equal(true);
    expect(isAllowedReturnUrl('http://shop.example.com/a', { allowedOrigins: allowed, isProduction: false })).to.equal(false);
    expect(isAllowedReturnUrl('https://shop.example.com.evil.io/', { allowedOrigins: allowed, isProduction: false })).to.equal(false);
    expect(isAllowedReturnUrl('javascript:alert(1)', { allowedOrigins: ['*'], isProduction: false })).to.equal(false);
    expect(isAllowedReturnUrl('https://anything.example/', { allowedOrigins: ['*'], isProduction: false })).to.equal(true);
  });

  it('fingerprints requests independently of key order and absent fields', () => {
    expect(requestFingerprint({ a: 1, b: 'x', c: undefined })).to.equal(requestFingerprint({ b: 'x', a: 1 }));
    expect(requestFingerprint({ a: 1 })).to.not.equal(requestFingerprint({ a: 2 }));
  });
});
