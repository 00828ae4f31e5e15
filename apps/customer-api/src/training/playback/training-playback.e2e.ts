import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { TrainingSessionModel } from '@platform/db';
import { ChangeEnrollmentStatusUseCase, Clock, fixedClock, newUploadKey } from '@platform/domain';
import { Storage } from '@platform/storage';
import { buildTestApp, createCustomer, createEnrollment, createTraining, TestApp, TestTraining } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { apiPath, getBytes, play, playlistUris, Recording, segmentOf, tsSegment, writeFlatRecording, writeRecording } from './hls-recording.test-helper';

/**
 * Signed HLS playback with the local storage driver (learning-commerce.md "Session content"): the
 * playlist and every segment come through GET /api/training/playback/:token/..., which checks the
 * token (bound to user and session, expiring) and serves only the files the session's playlist reaches.
 */
describe('Signed training session playback, local driver (customer-api)', () => {
  let api: TestApp;
  let fixture: TestTraining;
  let auth: string;
  let nested: Recording;
  let single: Recording;
  // The app's clock runs with real time plus `offset`, so a test can step past a token's expiry.
  let offset = 0;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
    api.app.container.set(Clock, fixedClock({ get now() { return new Date(Date.now() + offset); } }));
    const storage = api.app.container.get(Storage);
    nested = await writeRecording(storage, `playback-e2e/${Date.now()}/nested`, 1);
    single = await writeRecording(storage, `playback-e2e/${Date.now()}/single`, 101);
    fixture = await createTraining({
      sessions: [
        { title: 'Nested', type: 'recorded', recordingKey: nested.masterKey },
        { title: 'Single', type: 'recorded', recordingKey: single.indexKey },
      ],
    });
    const customer = await createCustomer(api.app.container);
    auth = `Bearer ${customer.accessToken}`;
    await createEnrollment(api.app.container, { training: fixture, customer, status: 'enrolled' });
  });

  afterEach(() => {
    offset = 0;
  });

  const videoUrl = async (index: number): Promise<string> =>
    (await api.http.get(`/api/mobile/training/${fixture.training.id}/sessions/${fixture.sessions[index].id}/content`).set('Authorization', auth).expect(200)).body.data.videoHlsUrl;
  const tokenOf = (url: string) => apiPath(url).split('/')[4];
  const fetchSegment = async (url: string) => {
    expect(url).to.include('/api/training/playback/');
    const res = await getBytes(api.http, url).expect(200);
    expect(res.headers['content-type']).to.equal('video/mp2t');
    return res.body as Buffer;
  };
  const refused = async (path: string, status: number, code: string) => {
    const res = await api.http.get(path);
    expect([res.status, res.body.errorCode], path).to.deep.equal([status, code]);
  };

  it('plays a master playlist: each variant playlist and every segment through the signed route, with their bytes and types, without a bearer token', async () => {
    const url = await videoUrl(0);
    expect(apiPath(url)).to.match(/^\/api\/training\/playback\/[^/]+\/master\.m3u8$/);
    const bytes = await play(api.http, url, fetchSegment);
    const expected = ['360p/seg0.ts', '360p/seg1.ts', '720p/seg0.ts', '720p/part two/seg1.ts'].map((path) => segmentOf(nested, path));
    expect(bytes.length).to.equal(4);
    bytes.forEach((segment, index) => {
      expect(segment.equals(expected[index]), `segment ${index}`).to.equal(true);
      expect(segment[0]).to.equal(0x47);
    });
  });

  it('rewrites a media playlist to signed segment URLs and keeps its tags; the storage key never shows', async () => {
    const url = await videoUrl(1);
    const text = ((await getBytes(api.http, url).expect(200)).body as Buffer).toString('utf8');
    const token = tokenOf(url);
    expect(text).to.include('#EXT-X-TARGETDURATION:4').and.include('#EXTINF:4.000,').and.include('#EXT-X-ENDLIST');
    expect(text).to.not.include('uploads/').and.not.include('playback-e2e');
    expect(playlistUris(text).map(apiPath)).to.deep.equal([`/api/training/playback/${token}/seg0.ts`, `/api/training/playback/${token}/seg1.ts`]);
    const bytes = await play(api.http, url, fetchSegment);
    expect(Buffer.concat(bytes).equals(Buffer.concat([segmentOf(single, 'seg0.ts'), segmentOf(single, 'seg1.ts')]))).to.equal(true);
  });

  it("binds a token to its session: session A's token reaches only A's recording", async () => {
    const tokenA = tokenOf(await videoUrl(0));
    const tokenB = tokenOf(await videoUrl(1));
    // Both directories hold 360p/seg0.ts and seg0.ts; each token gets its own session's bytes.
    expect((await getBytes(api.http, `/api/training/playback/${tokenA}/360p/seg0.ts`).expect(200)).body.equals(segmentOf(nested, '360p/seg0.ts'))).to.equal(true);
    expect((await getBytes(api.http, `/api/training/playback/${tokenB}/seg0.ts`).expect(200)).body.equals(segmentOf(single, 'seg0.ts'))).to.equal(true);
    // Pointing A's token at B by editing its payload breaks the signature.
    const [body, signature] = tokenA.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, s: fixture.sessions[1].id })).toString('base64url')}.${signature}`;
    await refused(`/api/training/playback/${forged}/seg0.ts`, 403, 'TRAINING_VIDEO_TOKEN_INVALID');
    // Climbing out of A's directory into B's is refused.
    await refused(`/api/training/playback/${tokenA}/..%2Fsingle%2Fseg0.ts`, 403, 'TRAINING_VIDEO_TOKEN_INVALID');
  });

  it('serves only the files the playlist reaches: a file beside the recording that its playlists do not name is 404 NOT_FOUND', async () => {
    const master = tokenOf(await videoUrl(0));
    const index = tokenOf(await videoUrl(1));
    // master.m3u8 names 360p/index.m3u8 and 720p/index.m3u8, and they their segments (climbing or escaped)
    for (const path of ['master.m3u8', '360p/index.m3u8', '360p/seg1.ts', '720p/seg0.ts', '720p/part%20two/seg1.ts']) {
      await getBytes(api.http, `/api/training/playback/${master}/${path}`).expect(200);
    }
    // the same directory's single-level playlist and its segments exist, but master.m3u8 does not reach them
    for (const path of ['index.m3u8', 'seg0.ts', 'seg1.ts']) await refused(`/api/training/playback/${master}/${path}`, 404, 'NOT_FOUND');
    // and index.m3u8 reaches only seg0.ts and seg1.ts
    for (const path of ['master.m3u8', '360p/index.m3u8', '360p/seg0.ts', '720p/part%20two/seg1.ts']) {
      await refused(`/api/training/playback/${index}/${path}`, 404, 'NOT_FOUND');
    }
  });

  it('keeps a recording in a shared upload folder (uploads/video/yyyy/mm/, uploads/video/) to its own files: never the other videos beside it', async () => {
    const storage = api.app.container.get(Storage);
    const put = (key: string, bytes: Buffer) => storage.put(key, Readable.from([bytes]), { contentType: 'video/mp4' });
    const name = (key: string) => key.slice(key.lastIndexOf('/') + 1);
    for (const folderKey of [(ext: string) => newUploadKey('video', ext), (ext: string) => `uploads/video/${randomUUID()}.${ext}`]) {
      const mine = folderKey('m3u8');
      const other = folderKey('m3u8');
      const lesson = folderKey('mp4');
      const segments = await writeFlatRecording(storage, mine, 201);
      const otherSegments = await writeFlatRecording(storage, other, 301);
      await put(lesson, tsSegment(401));
      expect(mine.slice(0, mine.lastIndexOf('/'))).to.equal(lesson.slice(0, lesson.lastIndexOf('/')));
      const training = await createTraining({ sessions: [{ type: 'recorded', recordingKey: mine }, { type: 'recorded', recordingKey: other }] });
      const customer = await createCustomer(api.app.container);
      await createEnrollment(api.app.container, { training, customer, status: 'enrolled' });
      const url = (await api.http.get(`/api/training/${training.training.id}/sessions/${training.sessions[0].id}/content`).set('Authorization', `Bearer ${customer.accessToken}`).expect(200)).body.data.videoHlsUrl;
      const bytes = await play(api.http, url, fetchSegment);
      expect(Buffer.concat(bytes).equals(Buffer.concat([...segments.values()]))).to.equal(true);
      const token = tokenOf(url);
      // another session's recording and a course lesson video in the same folder: known names, still refused
      for (const file of [name(other), ...otherSegments.keys(), name(lesson)]) await refused(`/api/training/playback/${token}/${file}`, 404, 'NOT_FOUND');
    }
  });

  it('refuses an altered or malformed token with 403 TRAINING_VIDEO_TOKEN_INVALID', async () => {
    const token = tokenOf(await videoUrl(1));
    const [body, signature] = token.split('.');
    const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const longer = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 86_400 })).toString('base64url');
    for (const bad of [`${body}.${flip(signature, 5)}`, `${flip(body, 3)}.${signature}`, `${longer}.${signature}`, body, 'not-a-token', `${body}.${signature}x`]) {
      await refused(`/api/training/playback/${bad}/index.m3u8`, 403, 'TRAINING_VIDEO_TOKEN_INVALID');
    }
  });

  it('refuses an expired token with 401 TRAINING_VIDEO_TOKEN_EXPIRED, playlist and segments alike; a fresh video-token plays again', async () => {
    const url = await videoUrl(1);
    const token = tokenOf(url);
    await getBytes(api.http, url).expect(200);
    offset = 901_000; // past TRAINING_VIDEO_TOKEN_TTL_SECONDS (900)
    await refused(apiPath(url), 401, 'TRAINING_VIDEO_TOKEN_EXPIRED');
    await refused(`/api/training/playback/${token}/seg0.ts`, 401, 'TRAINING_VIDEO_TOKEN_EXPIRED');
    const fresh = await api.http.post(`/api/training/${fixture.training.id}/sessions/${fixture.sessions[1].id}/video-token`).set('Authorization', auth).expect(200);
    expect(Date.parse(fresh.body.data.videoTokenExpiresAt)).to.be.greaterThan(Date.now() + 1_700_000);
    await play(api.http, fresh.body.data.videoHlsUrl, fetchSegment);
  });

  it('refuses paths outside the recording directory with 403, and files that are no part of a recording with 404', async () => {
    const token = tokenOf(await videoUrl(0));
    for (const path of ['..%2F..%2Fsecret.ts', '%2e%2e/single/seg0.ts', '360p/..%2F..%2Fx.ts', '.%2Fseg0.ts', '360p//seg0.ts', '%2Fuploads%2Fvideo%2Fx.ts', '..%5Cseg0.ts', 'seg0.ts%00.m3u8']) {
      await refused(`/api/training/playback/${token}/${path}`, 403, 'TRAINING_VIDEO_TOKEN_INVALID');
    }
    await refused(`/api/training/playback/${token}/missing.ts`, 404, 'NOT_FOUND');
    await refused(`/api/training/playback/${token}/secret.txt`, 404, 'NOT_FOUND');
  });

  it('after an admin cancels the enrollment: 403 TRAINING_ACCESS_DENIED on content and video-token; a token issued before plays until its expiry, then 401', async () => {
    const customer = await createCustomer(api.app.container);
    const bearer = `Bearer ${customer.accessToken}`;
    const { enrollment, access } = await createEnrollment(api.app.container, { training: fixture, customer, status: 'enrolled' });
    const route = `/api/mobile/training/${fixture.training.id}/sessions/${fixture.sessions[1].id}`;
    const issued = (await api.http.get(`${route}/content`).set('Authorization', bearer).expect(200)).body.data.videoHlsUrl;
    const admin = { kind: 'admin' as const, id: '01900000-0000-7000-8000-00000000a001', permissions: ['*'] };
    await api.app.container.get(ChangeEnrollmentStatusUseCase).execute(admin, enrollment.id, { status: 'cancelled', note: 'Removed by an admin' });
    expect((await enrollment.reload()).status).to.equal('cancelled');
    expect((await access?.reload())?.isRevoked).to.equal(true);
    for (const res of [await api.http.get(`${route}/content`).set('Authorization', bearer), await api.http.post(`${route}/video-token`).set('Authorization', bearer)]) {
      expect([res.status, res.body.errorCode]).to.deep.equal([403, 'TRAINING_ACCESS_DENIED']);
    }
    // The token issued before the cancellation is not checked again: it plays for the rest of its TTL (bounded window) ...
    offset = 899_000;
    await play(api.http, issued, fetchSegment);
    // ... and not a second past it (TRAINING_VIDEO_TOKEN_TTL_SECONDS, 900).
    offset = 901_000;
    await refused(apiPath(issued), 401, 'TRAINING_VIDEO_TOKEN_EXPIRED');
    await refused(`/api/training/playback/${tokenOf(issued)}/seg0.ts`, 401, 'TRAINING_VIDEO_TOKEN_EXPIRED');
  });

  it('stops serving once the session has no recording (409 TRAINING_RECORDING_NOT_AVAILABLE)', async () => {
    const removable = await createTraining({ sessions: [{ type: 'recorded', recordingKey: single.indexKey }] });
    const customer = await createCustomer(api.app.container);
    await createEnrollment(api.app.container, { training: removable, customer, status: 'enrolled' });
    const res = await api.http.get(`/api/trainings/${removable.training.id}/sessions/${removable.sessions[0].id}/content`).set('Authorization', `Bearer ${customer.accessToken}`).expect(200);
    await getBytes(api.http, res.body.data.videoHlsUrl).expect(200);
    await TrainingSessionModel.update({ recordingKey: null }, { where: { id: removable.sessions[0].id } });
    await refused(apiPath(res.body.data.videoHlsUrl), 409, 'TRAINING_RECORDING_NOT_AVAILABLE');
  });
});
