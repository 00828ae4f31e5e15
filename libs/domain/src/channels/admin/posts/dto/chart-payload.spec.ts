import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { testContainer } from '@platform/testing';
import { jsonbTextBytes, MAX_CHART_PAYLOAD_DEPTH, numericText } from './chart-payload';

/** jsonbTextBytes must say what the channel_posts CHECK measures: octet_length(payload::jsonb::text), for the JSON sequelize sends. */
describe('chart payload size as PostgreSQL measures it', () => {
  let db: Database;

  before(async () => {
    db = (await testContainer('chart-payload-spec')).get(Database);
  });

  const measured = async (value: unknown) => {
    const [row] = await db.sequelize.query<{ bytes: number }>('SELECT octet_length(CAST(:json AS jsonb)::text) AS bytes', {
      replacements: { json: JSON.stringify(value) },
      type: QueryTypes.SELECT,
    });
    return Number(row.bytes);
  };

  it('counts exactly the bytes of jsonb’s text: spacing, escapes, UTF-8, and numbers written out', async () => {
    const payloads: unknown[] = [
      {},
      [],
      { a: 1, b: [1, 2, { c: null }], d: true, e: false, f: '' },
      { series: [{ name: 'NEPSE', points: [[1, 2000.5], [2, -0.001]] }] },
      { text: 'quote " backslash \\ newline \n tab \t bell \u0007 del \u007f slash / ऐतिहासिक 😀 \u2028' },
      { 'key with "quote"': 'v', 'ü': 'ß' },
      { big: 1e21, bigger: 1.5e300, small: 1e-7, smaller: -2.5e-10, max: Number.MAX_VALUE, min: Number.MIN_VALUE, zero: -0, int: 123456789012 },
      { nested: [[[[[]]]]], empty: {} },
    ];
    for (const payload of payloads) expect(jsonbTextBytes(payload), JSON.stringify(payload)).to.equal(await measured(payload));
  });

  it('writes numbers as numeric prints them', async () => {
    for (const value of [0, -0, 1, -1.25, 0.1, 1e21, 1.5e300, 1e-7, 2.5e-10, 123e-20, 5e-324, 1.7976931348623157e308]) {
      const [row] = await db.sequelize.query<{ text: string }>('SELECT CAST(:n AS numeric)::text AS text', {
        replacements: { n: JSON.stringify(value) },
        type: QueryTypes.SELECT,
      });
      expect(numericText(value), String(value)).to.equal(row.text);
    }
  });

  it('answers null for what jsonb cannot hold or the route refuses: NUL, unpaired surrogates, too deep', () => {
    expect(jsonbTextBytes({ a: 'x\u0000y' })).to.equal(null);
    expect(jsonbTextBytes({ 'k\u0000': 1 })).to.equal(null);
    expect(jsonbTextBytes({ a: '\ud800' })).to.equal(null);
    expect(jsonbTextBytes({ a: 'x\udc00' })).to.equal(null);
    let deep: unknown = 1;
    for (let level = 0; level < MAX_CHART_PAYLOAD_DEPTH; level++) deep = { a: deep };
    expect(jsonbTextBytes(deep)).to.be.a('number');
    expect(jsonbTextBytes({ a: deep })).to.equal(null);
  });
});
