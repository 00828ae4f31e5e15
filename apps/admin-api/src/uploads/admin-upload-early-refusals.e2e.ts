import { expect } from 'chai';
import { listen, RunningServer } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createCustomer,
  isolatedInfrastructure,
  pdfBytes,
  pngBytes,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/**
 * A refused upload's body is not read to its end: a 401 or 403 (before parsing) and a 413 (a
 * declared length no allowed body reaches) close the connection, or Node would read and discard
 * the rest, however large, to keep the connection alive. fetch keeps connections alive unless
 * told otherwise (supertest asks for Connection: close on every request, so it cannot show this).
 */
describe('Admin upload refusals close the connection (admin-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let server: RunningServer;

  before(async () => {
    infra = await isolatedInfrastructure('admin-upload-early-refusals', { UPLOAD_MAX_FILE_SIZE_MB: '1' });
    api = await buildTestApp(createAdminApi, infra);
    server = await listen(api.app.express, 0, '127.0.0.1');
  });

  after(async () => {
    await server.close(1_000);
    await closeTestInfrastructure(infra);
  });

  const upload = (file: Buffer, name: string, type: string, authorization?: string) => {
    const form = new FormData();
    form.append('file', new Blob([file], { type }), name);
    return fetch(`http://127.0.0.1:${server.port}/api/upload?uploadType=file`, {
      method: 'POST',
      headers: authorization ? { authorization } : {},
      body: form,
    });
  };
  const bigPdf = () => Buffer.concat([pdfBytes(), Buffer.alloc(3 * 1024 * 1024, 0x20)]);

  it('answers 401 without a token with Connection: close', async () => {
    const res = await upload(bigPdf(), 'big.pdf', 'application/pdf');
    expect(res.status).to.equal(401);
    expect(res.headers.get('connection')).to.equal('close');
  });

  it('answers 403 for a customer token with Connection: close', async () => {
    const customer = await createCustomer(api.app.container);
    const res = await upload(bigPdf(), 'big.pdf', 'application/pdf', `Bearer ${customer.accessToken}`);
    expect(res.status).to.equal(403);
    expect(res.headers.get('connection')).to.equal('close');
  });

  it('answers 413 for a declared length over the size limit with Connection: close', async () => {
    const res = await upload(bigPdf(), 'big.pdf', 'application/pdf', `Bearer ${adminToken(api.app.container, [])}`);
    expect(res.status).to.equal(413);
    expect(res.headers.get('connection')).to.equal('close');
  });

  it('keeps the connection alive after an upload whose body was read', async () => {
    const res = await upload(pngBytes(), 'a.png', 'image/png', `Bearer ${adminToken(api.app.container, [])}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('connection')).to.equal('keep-alive');
  });
});
