import { expect } from 'chai';
import { parseCurl } from './curl';

describe('walkthrough: parseCurl reads the README curl commands as a shell would', () => {
  it('reads method, URL, headers and a single-quoted body across a line continuation', () => {
    const request = parseCurl(String.raw`curl -s -XPOST localhost:3002/api/auth/login -H 'content-type: application/json' \
  -d '{"email":"me@example.com"}'`, {});
    expect(request).to.deep.equal({
      method: 'POST',
      url: 'localhost:3002/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"me@example.com"}',
    });
  });

  it('expands $NAME in double quotes and bare words, unescaping \\"', () => {
    const request = parseCurl(String.raw`curl -s -XPOST localhost:3003/p/$ID/x -H "authorization: Bearer $ACCESS" -d "{\"n\":$N}"`, { ID: 'a1', ACCESS: 't.k', N: '7' });
    expect(request.url).to.equal('localhost:3003/p/a1/x');
    expect(request.headers['authorization']).to.equal('Bearer t.k');
    expect(request.body).to.equal('{"n":7}');
  });

  it('defaults to GET, and to POST with a body; keeps -d @- for stdin', () => {
    expect(parseCurl('curl -s localhost:3002/api/me/library', {}).method).to.equal('GET');
    expect(parseCurl("curl -s localhost:3005/x -d @-", {})).to.include({ method: 'POST', body: '@-' });
  });

  it('substitutes text it does not run, and refuses what it cannot read', () => {
    const replaced = parseCurl('curl -s localhost:3005/__sim/esewa/$(jq -r .id c.json)/decide', {}, { '$(jq -r .id c.json)': 'u-1' });
    expect(replaced.url).to.equal('localhost:3005/__sim/esewa/u-1/decide');
    expect(() => parseCurl('curl -s localhost:3002/a -H "x: $MISSING"', {})).to.throw('$MISSING has no value yet');
    expect(() => parseCurl('curl -s localhost:3002/a | jq .', {})).to.throw('not supported');
    expect(() => parseCurl('curl -k localhost:3002/a', {})).to.throw('-k is not supported');
  });
});
