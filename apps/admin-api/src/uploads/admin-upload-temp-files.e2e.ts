import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { connect, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { Test } from 'supertest';
import { Authenticator } from '@platform/domain';
import { listen, uploadTempRoot } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createCourse,
  eventually,
  exeBytes,
  isolatedInfrastructure,
  mp4Bytes,
  pdfBytes,
  pngBytes,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/**
 * Multipart files stream to a temporary directory on disk (never to memory) and the directory is
 * removed once the response is done, whether the request succeeded or failed.
 */
describe('Upload temporary files (admin-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;

  before(async () => {
    infra = await isolatedInfrastructure('admin-upload-temp', { UPLOAD_MAX_FILE_SIZE_MB: '1' });
    api = await buildTestApp(createAdminApi, infra);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  after(() => closeTestInfrastructure(infra));

  const leftovers = async () => (await readdir(uploadTempRoot()).catch(() => [] as string[])).length;
  const expectNoLeftovers = () => eventually(async () => (await leftovers()) === 0, 3_000, 20);

  const CASES: Array<[string, number, () => Test]> = [
    ['a successful upload', 200, () => api.http.post('/api/upload').attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' })],
    [
      'a successful multiple upload',
      200,
      () =>
        api.http
          .post('/api/upload/multiple')
          .attach('files', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
          .attach('files', pngBytes(), { filename: 'b.png', contentType: 'image/png' }),
    ],
    ['a refused file type', 400, () => api.http.post('/api/upload').attach('file', exeBytes(), { filename: 'a.exe', contentType: 'application/x-msdownload' })],
    [
      'a file over the size limit',
      413,
      () => api.http.post('/api/upload?uploadType=file').attach('file', Buffer.concat([pdfBytes(), Buffer.alloc(2 * 1024 * 1024)]), { filename: 'a.pdf', contentType: 'application/pdf' }),
    ],
    [
      'too many files',
      400,
      () => {
        const req = api.http.post('/api/upload/multiple');
        for (let n = 0; n < 11; n++) req.attach('files', pngBytes(), { filename: `${n}.png`, contentType: 'image/png' });
        return req;
      },
    ],
  ];

  for (const [name, status, request] of CASES) {
    it(`leaves no temporary file after ${name} (${status})`, async () => {
      await expectNoLeftovers();
      await request().set('Authorization', auth).expect(status);
      await expectNoLeftovers();
    });
  }

  it('leaves no temporary file after a trailer upload or a refused trailer', async () => {
    const { course } = await createCourse();
    const courses = `Bearer ${adminToken(api.app.container, ['COURSES_UPDATE'])}`;
    await api.http
      .post(`/api/admin/courses/${course.id}/trailer`)
      .set('Authorization', courses)
      .attach('file', mp4Bytes(), { filename: 't.mp4', contentType: 'video/mp4' })
      .expect(200);
    await expectNoLeftovers();
    await api.http
      .post(`/api/admin/courses/${course.id}/trailer`)
      .set('Authorization', courses)
      .attach('file', pngBytes(), { filename: 't.png', contentType: 'image/png' })
      .expect(415);
    await expectNoLeftovers();
  });

  it('makes no temporary directory when the client went away while its token was checked', async () => {
    const container = api.app.container;
    const authenticator = container.get(Authenticator);
    let checking!: () => void;
    const tokenChecked = new Promise<void>((resolve) => (checking = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The app's token check holds this instance: its method is slowed in place, and restored below.
    const check = authenticator.actorFromClaims.bind(authenticator);
    authenticator.actorFromClaims = async (claims) => {
      checking();
      await released;
      return check(claims);
    };
    const running = await listen(api.app.express, 0, '127.0.0.1');
    try {
      await expectNoLeftovers();
      const serverSide = once(running.server, 'connection') as Promise<[Socket]>;
      const client = connect(running.port, '127.0.0.1');
      await once(client, 'connect');
      client.write(
        'POST /api/upload HTTP/1.1\r\nHost: localhost\r\n' +
          `Authorization: ${auth}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 10000000\r\n\r\n--x\r\n`,
      );
      await tokenChecked;
      const [socket] = await serverSide;
      client.destroy();
      // Not events.once: the server side ends with an error (a truncated request), which would reject it.
      if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
      release();
      await sleep(300); // time enough to make a directory, had the middleware gone on
      expect(await leftovers()).to.equal(0);
    } finally {
      release();
      delete (authenticator as Partial<Authenticator>).actorFromClaims;
      await running.close(1_000);
    }
  });

  it('leaves no temporary file after a caller without a token (401, refused before parsing)', async () => {
    await expectNoLeftovers();
    await api.http.post('/api/upload').attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' }).expect(401);
    expect(await leftovers()).to.equal(0);
  });
});
