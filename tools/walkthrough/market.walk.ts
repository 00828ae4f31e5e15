import type { Walk } from './walk';

const SEARCH = `curl -s 'localhost:3003/api/market/companies?search=nabil'`;
const SNAPSHOT = 'curl -s localhost:3003/api/market/companies/NABIL/fundamentals/snapshot';
const CREATE = String.raw`curl -s -XPOST localhost:3003/api/v1/market/portfolios -H "authorization: Bearer $ACCESS" \
  -H 'content-type: application/json' -d '{"name":"Long term"}'`;
const ADD = String.raw`curl -s -XPOST localhost:3003/api/v1/market/portfolios/$PORTFOLIO/transactions -H "authorization: Bearer $ACCESS" \
  -H 'content-type: application/json' -d '{"symbol":"NABIL","type":"BUY","transactedAt":"2024-07-01","quantity":10,"rate":500,
  "amount":5000,"sebonCommission":0.75,"brokerCommission":20,"dpFee":25,"netAmount":5045.75}'`;
const SUMMARY = String.raw`curl -s localhost:3003/api/v1/market/portfolios/$PORTFOLIO/summary -H "authorization: Bearer $ACCESS"`;
const ENDPOINTS = ['statements', 'ratios', 'dividends', 'ownership', 'peers', 'announcements', 'fair-value'];

/**
 * README "Stock analysis" and "Portfolios": the company directory, the public fundamentals of a
 * demo company, and a portfolio with a transaction named by symbol (sita's token, from the purchase).
 * Fourteen public market requests: under the 30 a minute per IP.
 */
export async function marketWalkthrough(w: Walk): Promise<void> {
  const directory = await w.curl('company directory', SEARCH, { expect: 200 });
  const nabil = (directory.body?.data ?? []).find((company: { symbol: string }) => company.symbol === 'NABIL');
  w.check('company directory', nabil?.id && nabil?.sector, 'NABIL (with its id and sector) is not in the answer', directory);
  const sector = nabil.sector.code ?? nabil.sector.id ?? nabil.sector;
  const bySector = await w.request('company directory by sector', 'GET', `${w.urls.market}/api/market/companies?sector=${encodeURIComponent(sector)}&size=100`, { expect: 200 });
  w.check('company directory by sector', JSON.stringify(bySector.body?.data).includes('"NABIL"'), `sector ${sector} does not list NABIL`, bySector);

  const snapshot = await w.curl('snapshot', SNAPSHOT, { expect: 200 });
  w.check('snapshot', /public, max-age=\d+/.test(snapshot.headers.get('cache-control') ?? ''), `Cache-Control: public, max-age expected, got ${snapshot.headers.get('cache-control')}`, snapshot);
  for (const endpoint of ENDPOINTS) {
    await w.request(`fundamentals/${endpoint}`, 'GET', `${w.urls.market}/api/market/companies/NABIL/fundamentals/${endpoint}`, { expect: 200 });
  }
  await w.request('upcoming book closes', 'GET', `${w.urls.market}/api/market/upcoming-book-closes`, { expect: 200 });
  const degenerate = await w.request('KKHL fair value (both methods invalid: still 200)', 'GET', `${w.urls.market}/api/market/companies/KKHL/fundamentals/fair-value`, { expect: 200 });
  w.check('KKHL fair value', degenerate.body?.data, 'no data', degenerate);
  const unknown = await w.request('unknown symbol', 'GET', `${w.urls.market}/api/market/companies/ZZZZ/fundamentals/snapshot`, { expect: 404 });
  w.check('unknown symbol', unknown.body?.message === 'Company not found', 'message "Company not found" expected', unknown);

  const created = await w.curl('create a portfolio', CREATE, { expect: 201 });
  w.vars['PORTFOLIO'] = created.body?.data?.id;
  w.check('create a portfolio', typeof w.vars['PORTFOLIO'] === 'string' && created.body?.data?.isDefault === true, 'the first portfolio should have an id and be the default', created);
  const added = await w.curl('add a transaction by symbol', ADD, { expect: 201 });
  w.check('add a transaction by symbol', added.body?.data?.companyId === nabil.id, `companyId ${nabil.id} (NABIL) expected`, added);
  const summary = await w.curl('portfolio summary', SUMMARY, { expect: 200 });
  w.check('portfolio summary', summary.body?.data, 'no data', summary);
  const holdings = await w.request('holdings', 'GET', `${w.urls.market}/api/v1/market/portfolios/${w.vars['PORTFOLIO']}/holdings`, { headers: { authorization: `Bearer ${w.vars['ACCESS']}` }, expect: 200 });
  w.check('holdings', JSON.stringify(holdings.body?.data).includes('NABIL'), 'NABIL is not held', holdings);
  const wrong = await w.request('unknown symbol in a transaction', 'POST', `${w.urls.market}/api/v1/market/portfolios/${w.vars['PORTFOLIO']}/transactions`, {
    headers: { authorization: `Bearer ${w.vars['ACCESS']}` },
    json: { symbol: 'ZZZZ', type: 'DIVIDEND', transactedAt: '2024-07-01', amount: 100 },
    expect: 404,
  });
  w.check('unknown symbol in a transaction', wrong.body?.message === 'Company not found', 'message "Company not found" expected', wrong);
  await w.request('an admin token is 401 here', 'GET', `${w.urls.market}/api/v1/market/portfolios`, { headers: { authorization: `Bearer ${w.vars['ADMIN_ACCESS']}` }, expect: 401 });
}
