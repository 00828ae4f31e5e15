import { expect } from 'chai';
import { perRequestSetup } from './load';

/** The per-request rotation the load generator applies (autocannon's setupRequest). */
describe(perRequestSetup.name, () => {
  const send = (setup: ReturnType<typeof perRequestSetup>, count: number) =>
    Array.from({ length: count }, () => setup({ headers: { 'content-type': 'application/json' } }));

  it('with crossTokensAndPaths sends every (token, path) pair once per round, the token changing fastest', () => {
    const requests = send(perRequestSetup({ bearerTokens: ['a', 'b', 'c'], paths: ['/1', '/2'], crossTokensAndPaths: true }), 12);
    const pairs = requests.map((r) => `${r.headers?.['authorization']} ${r.path}`);
    expect(pairs.slice(0, 6)).to.deep.equal(['Bearer a /1', 'Bearer b /1', 'Bearer c /1', 'Bearer a /2', 'Bearer b /2', 'Bearer c /2']);
    expect(pairs.slice(6)).to.deep.equal(pairs.slice(0, 6));
    expect(requests[0].headers?.['content-type']).to.equal('application/json');
  });

  it('fills {{turn}} of the body template with the round of the rotation, from 1', () => {
    const setup = perRequestSetup({
      bearerTokens: ['a', 'b'],
      paths: ['/1', '/2'],
      crossTokensAndPaths: true,
      bodyTemplate: '{"watchPosition":{{turn}},"totalWatchedSeconds":{{turn}}}',
    });
    const bodies = send(setup, 9).map((r) => JSON.parse(r.body ?? ''));
    expect(bodies.map((b) => b.watchPosition)).to.deep.equal([1, 1, 1, 1, 2, 2, 2, 2, 3]);
    expect(bodies.every((b) => b.totalWatchedSeconds === b.watchPosition)).to.equal(true);
  });

  it('keeps rotating tokens and paths each on its own without crossTokensAndPaths, and sends no body of its own', () => {
    const requests = send(perRequestSetup({ bearerTokens: ['a', 'b'], paths: ['/1', '/2', '/3'], idempotencyKey: true }), 3);
    expect(requests.map((r) => `${r.headers?.['authorization']} ${r.path}`)).to.deep.equal(['Bearer a /1', 'Bearer b /2', 'Bearer a /3']);
    expect(new Set(requests.map((r) => r.headers?.['idempotency-key'])).size).to.equal(3);
    expect(requests.every((r) => r.body === undefined)).to.equal(true);
  });

  it('numbers {{request}} in paths with a counter that never repeats, and rotates X-Forwarded-For on its own', () => {
    const setup = perRequestSetup({ paths: ['/a?s=ZZ{{request}}', '/b?s=ZZ{{request}}'], forwardedFor: ['10.0.0.1', '10.0.0.2', '10.0.0.3'] });
    const requests = send(setup, 5);
    expect(requests.map((r) => r.path)).to.deep.equal(['/a?s=ZZ0', '/b?s=ZZ1', '/a?s=ZZ2', '/b?s=ZZ3', '/a?s=ZZ4']);
    expect(requests.map((r) => r.headers?.['x-forwarded-for'])).to.deep.equal(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.1', '10.0.0.2']);
    expect(send(setup, 1)[0].path).to.equal('/b?s=ZZ5');
  });

  it('refuses crossTokensAndPaths without both lists', () => {
    expect(() => perRequestSetup({ bearerTokens: ['a'], crossTokensAndPaths: true })).to.throw(/needs bearerTokens and paths/);
  });
});
