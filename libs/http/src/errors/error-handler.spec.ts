import { expect } from 'chai';
import express from 'express';
import { RateLimitExceeded, ValidationFailed } from '@platform/domain';
import { listen, RunningServer } from '../operations';
import { errorHandler } from './error-handler';

/**
 * An error answered before the request body was read closes the connection: kept alive, Node
 * would read and discard the rest of the body first (an unwanted upload, in full).
 */
describe('errorHandler and unread request bodies', () => {
  let server: RunningServer;
  const body = Buffer.alloc(2 * 1024 * 1024, 1);

  before(async () => {
    const app = express();
    app.post('/refuse-at-once', (_req, _res, next) => next(RateLimitExceeded(30)));
    app.post('/read-then-refuse', express.raw({ type: '*/*', limit: '4mb' }), (_req, _res, next) => next(ValidationFailed('no')));
    app.use(errorHandler);
    server = await listen(app, 0, '127.0.0.1');
  });
  after(() => server.close(1_000));

  /** fetch keeps connections alive unless the server says otherwise. */
  const post = (path: string) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body });

  it('answers a refusal sent before the body was read with Connection: close', async () => {
    const res = await post('/refuse-at-once');
    expect(res.status).to.equal(429);
    expect(res.headers.get('connection')).to.equal('close');
    expect(res.headers.get('retry-after')).to.equal('30');
  });

  it('keeps the connection alive when the body was read before the refusal', async () => {
    const res = await post('/read-then-refuse');
    expect(res.status).to.equal(400);
    expect(res.headers.get('connection')).to.equal('keep-alive');
  });
});
