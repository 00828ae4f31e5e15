import { expect } from 'chai';
import { buildTestApp, TestApp } from '@platform/testing';
import { resetAnalysisRateLimit } from './analysis/company-data.test-helper';
import { createMarketApi } from './market-api';

type Operation = { requestBody?: { content?: Record<string, { schema?: Record<string, unknown>; example?: unknown }> } };

/** Issue 18: market-api's /docs lists no path with `//`, and "Try it out" starts every body from a real schema and an example. */
describe('Market API documentation (/openapi.json behind /docs)', () => {
  let api: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  before(async () => {
    api = await buildTestApp(createMarketApi);
    paths = (await api.http.get('/openapi.json').expect(200)).body.paths;
  });

  it('lists no path with an empty segment (the empty-symbol 400 is served outside the document)', async () => {
    expect(Object.keys(paths).filter((path) => path.includes('//'))).to.deep.equal([]);
    await resetAnalysisRateLimit(api);
    const res = await api.http.get('/api/market/companies//fundamentals/ratios').expect(400);
    expect(res.body).to.deep.equal({ message: 'symbol is required', errorCode: 'VALIDATION_ERROR' });
  });

  it('gives every request body a non-empty JSON schema with properties and an example', () => {
    const bodies: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.requestBody) continue;
        const json = operation.requestBody.content?.['application/json'];
        expect(json?.schema?.['properties'], `${method} ${path} schema`).to.be.an('object').that.is.not.empty;
        expect(json?.example, `${method} ${path} example`).to.be.an('object').that.is.not.empty;
        bodies.push(`${method} ${path}`);
      }
    }
    expect(bodies.sort()).to.deep.equal([
      'patch /api/v1/market/portfolios/{id}',
      'patch /api/v1/market/portfolios/{id}/transactions/{txId}',
      'post /api/v1/market/portfolios',
      'post /api/v1/market/portfolios/{id}/transactions',
    ]);
  });

  it('documents the company directory with its query parameters and list envelope', () => {
    const list = paths['/api/market/companies']?.['get'] as Operation & { parameters: Array<{ name: string }>; responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> };
    expect(list.parameters.map((parameter) => parameter.name)).to.deep.equal(['search', 'sector', 'page', 'size']);
    expect(list.responses['200'].content['application/json'].schema.properties).to.have.keys('message', 'data', 'count', 'page', 'size');
  });
});
