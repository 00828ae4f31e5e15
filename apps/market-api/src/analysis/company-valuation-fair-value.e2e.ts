import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { closeTestInfrastructure, marketPrefix, TestApp } from '@platform/testing';
import { expectMetricInvariants } from './company-data.test-helper';
import { FixtureCompany, fromFreshIp, valuationApp } from './company-valuation.fixtures';

/**
 * GET /api/market/companies/:symbol/fundamentals/fair-value: the Graham number √(22.5 × EPS × BVPS)
 * (REFERENCE "Fundamentals and fair value") and the sector median P/E × EPS, with a summary.
 */
describe('Company fair value (GET /api/market/companies/:symbol/fundamentals/fair-value)', () => {
  const p = marketPrefix();
  const [A, B, C, D, E, P, N, M] = ['A', 'B', 'C', 'D', 'E', 'P', 'N', 'M'].map((s) => `${p}${s}`);
  // Banks: valid P/E 20 (A), 16 (B), 30 (C), 25 (E); D has a negative EPS, P no price. A company's
  // sector median is over the others: A's is median(16, 30, 25) = 25, D's and P's median(20, 16, 30, 25) = 22.5.
  const companies: FixtureCompany[] = [
    { symbol: A, sector: 'banks', price: 500, eps: 25, bvps: 200 },
    { symbol: B, sector: 'banks', price: 800, eps: 50, bvps: 250 },
    { symbol: C, sector: 'banks', price: 600, eps: 20, bvps: 100 },
    { symbol: D, sector: 'banks', price: 300, eps: -5, bvps: 50 },
    { symbol: E, sector: 'banks', price: 900, eps: 36, bvps: 300 },
    { symbol: P, sector: 'banks', eps: 10, bvps: 100 },
    // A sector of two: no sector median.
    { symbol: N, sector: 'hydro', price: 200, eps: -5, bvps: 80 },
    { symbol: M, sector: 'hydro', price: 150, eps: 10, bvps: 'upstream_missing' },
  ];
  let infra: Infrastructure;
  let api: TestApp;

  before(async () => {
    ({ api, infra } = await valuationApp(p, ['banks', 'hydro'], companies));
  });

  after(() => closeTestInfrastructure(infra));

  const fairValue = async (symbol: string, status = 200) => {
    const res = await api.http.get(`/api/market/companies/${symbol}/fundamentals/fair-value`).set('X-Forwarded-For', fromFreshIp()).expect(status);
    if (status === 200) expect(expectMetricInvariants(res.body.data)).to.be.greaterThan(0);
    return res;
  };
  const valid = (value: number, source = 'computed') => ({ value, source, status: 'valid' });
  const invalid = (status: string, source = 'computed') => ({ source, status });

  it('values a company by the Graham number and the sector P/E, with every input once at the top and a summary', async () => {
    const res = await fairValue(A.toLowerCase());
    expect(res.headers['cache-control']).to.equal('public, max-age=600');
    expect(res.body.data).to.deep.equal({
      symbol: A,
      asOf: '2025-01-10',
      methods: [
        {
          method: 'graham_number',
          value: valid(335.41), // √(22.5 × 25 × 200) = √112500
          inputs: { eps: valid(25, 'mdp'), bvps: valid(200, 'mdp') },
          formula: '√(22.5 × eps × bvps)',
        },
        {
          method: 'sector_pe',
          value: valid(625), // 25 × 25
          inputs: { eps: valid(25, 'mdp'), sectorMedianPe: valid(25) },
          formula: 'sectorMedianPe × eps',
        },
      ],
      inputs: { eps: valid(25, 'mdp'), bvps: valid(200, 'mdp'), sectorMedianPe: valid(25) },
      summary: {
        fairValue: valid(480.21), // (335.41 + 625) / 2 = 480.205, rounded half up in paisa
        lastPrice: valid(500, 'mdp'),
        upsidePercent: valid(-3.958), // (480.21 − 500) / 500 × 100
        validMethods: 2,
      },
    });
  });

  it('both methods negative_input for a negative EPS is still a 200', async () => {
    const { body } = await fairValue(D);
    expect(body.data.methods.map((m: { value: unknown }) => m.value)).to.deep.equal([invalid('negative_input'), invalid('negative_input')]);
    expect(body.data.methods[1].inputs.sectorMedianPe).to.deep.equal(valid(22.5));
    expect(body.data.summary).to.deep.equal({
      fairValue: invalid('negative_input'),
      lastPrice: valid(300, 'mdp'),
      upsidePercent: invalid('negative_input'),
      validMethods: 0,
    });
  });

  it('insufficient_cohort for the sector P/E method when fewer than 3 other companies of the sector have a valid P/E', async () => {
    const { body } = await fairValue(N);
    expect(body.data.methods[0].value).to.deep.equal(invalid('negative_input'));
    expect(body.data.methods[1].value).to.deep.equal(invalid('insufficient_cohort'));
    expect(body.data.methods[1].inputs.sectorMedianPe).to.deep.equal(invalid('insufficient_cohort'));
    expect(body.data.inputs).to.deep.equal({ eps: valid(-5, 'mdp'), bvps: valid(80, 'mdp'), sectorMedianPe: invalid('insufficient_cohort') });
    expect(body.data.summary.validMethods).to.equal(0);
  });

  it('upstream_missing for the Graham number when the provider had no BVPS', async () => {
    const { body } = await fairValue(M);
    expect(body.data.methods[0]).to.deep.include({ value: invalid('upstream_missing'), inputs: { eps: valid(10, 'mdp'), bvps: invalid('upstream_missing', 'mdp') } });
    expect(body.data.inputs.bvps).to.deep.equal(invalid('upstream_missing', 'mdp'));
    expect(body.data.summary.fairValue).to.deep.equal(invalid('upstream_missing'));
  });

  it('a fair value without a last price has no upside', async () => {
    const { body } = await fairValue(P);
    expect(body.data.methods.map((m: { value: unknown }) => m.value)).to.deep.equal([valid(150), valid(225)]); // √22500; 22.5 × 10
    expect(body.data.summary).to.deep.equal({
      fairValue: valid(187.5),
      lastPrice: invalid('upstream_missing', 'mdp'),
      upsidePercent: invalid('upstream_missing'),
      validMethods: 2,
    });
  });

  it('404 `Company not found` for an unknown symbol', async () => {
    const res = await fairValue(`${p}ZZ`, 404);
    expect(res.body).to.deep.equal({ message: 'Company not found', errorCode: 'NOT_FOUND' });
  });

  it('documents methods, inputs and summary in /openapi.json', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    const data = body.paths['/api/market/companies/{symbol}/fundamentals/fair-value'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties).to.include.keys('methods', 'inputs', 'summary');
    expect(data.properties.inputs.additionalProperties.properties).to.include.keys('value', 'source', 'status');
  });
});
