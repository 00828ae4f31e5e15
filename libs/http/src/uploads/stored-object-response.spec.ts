import { Readable } from 'node:stream';
import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { errorHandler } from '../errors';
import { sendStoredObject } from './stored-object-response';

/** The file route's streaming: headers only after the first bytes, so an early failure is a clean 502. */
describe(sendStoredObject.name, () => {
  const appStreaming = (stream: () => Readable) => {
    const app = express();
    app.get('/file', (_req, res, next) => {
      sendStoredObject(res, { stream: stream(), contentType: 'image/png' }).catch(next);
    });
    app.use(errorHandler);
    return supertest(app);
  };

  it('answers 502 STORAGE_ERROR when the stream fails before its first bytes', async () => {
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('connection reset by the store'));
        },
      });
    const res = await appStreaming(failing).get('/file').expect(502);
    expect(res.body).to.deep.equal({ message: 'Storage is unavailable, please try again later', errorCode: 'STORAGE_ERROR' });
    expect(res.headers['content-disposition']).to.equal(undefined);
  });

  it('cuts the response short when the stream fails after the headers went out', async () => {
    let sent = false;
    const failingLater = () =>
      new Readable({
        read() {
          if (sent) return void setTimeout(() => this.destroy(new Error('gone mid-way')), 10);
          sent = true;
          this.push(Buffer.alloc(1024, 1));
        },
      });
    const error = await appStreaming(failingLater)
      .get('/file')
      .then(() => undefined, (e: Error) => e);
    expect(error?.message).to.match(/aborted|socket hang up|ECONNRESET/i);
  });

  it('streams an empty object as an empty 200', async () => {
    const res = await appStreaming(() => Readable.from([])).get('/file').expect(200);
    expect(res.headers['content-type']).to.equal('image/png');
  });
});
