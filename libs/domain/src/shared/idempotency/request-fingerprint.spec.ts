import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  it('is the same however the client ordered object keys, at every depth', () => {
    const first = { a: 1, chart: { series: [{ name: 'NEPSE', points: [1, 2] }], axis: { x: 'date', y: 'index' } } };
    const reordered = { chart: { axis: { y: 'index', x: 'date' }, series: [{ points: [1, 2], name: 'NEPSE' }] }, a: 1 };
    expect(requestFingerprint(reordered)).to.equal(requestFingerprint(first));
  });

  it('leaves undefined members out at every depth, and tells null from absent', () => {
    expect(requestFingerprint({ a: 1, b: undefined, c: { d: 2, e: undefined } })).to.equal(requestFingerprint({ c: { d: 2 }, a: 1 }));
    expect(requestFingerprint({ a: 1, c: { d: null } })).not.to.equal(requestFingerprint({ a: 1, c: {} }));
  });

  it('keeps the order of arrays, and tells values, nesting and shapes apart', () => {
    expect(requestFingerprint({ list: [1, 2] })).not.to.equal(requestFingerprint({ list: [2, 1] }));
    expect(requestFingerprint({ a: { b: 1 } })).not.to.equal(requestFingerprint({ a: { b: 2 } }));
    expect(requestFingerprint({ a: { b: 1 } })).not.to.equal(requestFingerprint({ a: [['b', 1]] }));
    expect(requestFingerprint({ a: '1' })).not.to.equal(requestFingerprint({ a: 1 }));
  });

  it('writes dates as JSON does', () => {
    const at = new Date('2030-01-02T03:04:05.000Z');
    expect(requestFingerprint({ at, nested: { at } })).to.equal(requestFingerprint({ nested: { at: at.toISOString() }, at: at.toISOString() }));
  });

  it('hashes a flat request exactly as before, so keys stored before this change still match', () => {
    const request = { b: 'x', a: 1, c: null, d: true, e: undefined };
    const before = createHash('sha256').update(JSON.stringify([['a', 1], ['b', 'x'], ['c', null], ['d', true]])).digest('hex');
    expect(requestFingerprint(request)).to.equal(before);
  });
});
