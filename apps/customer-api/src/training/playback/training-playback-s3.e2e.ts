import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { Storage } from '@platform/storage';
import {
  buildTestApp,
  closeTestInfrastructure,
  createCustomer,
  createEnrollment,
  createTraining,
  isolatedInfrastructure,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestS3Server,
  TestTraining,
} from '@platform/testing';
import { createCustomerApi } from '../../customer-api';
import { apiPath, getBytes, play, playlistUris, Recording, segmentOf, writeRecording } from './hls-recording.test-helper';

/**
 * Signed HLS playback with the S3 driver (s3rver, which verifies presigned signatures and expiry):
 * playlists still come through the app's signed route, segments are presigned GET URLs of the
 * store that expire no later than the playback token.
 */
describe('Signed training session playback, S3 driver (customer-api)', () => {
  let s3: TestS3Server;
  let infra: Infrastructure;
  let api: TestApp;
  let fixture: TestTraining;
  let auth: string;
  let recording: Recording;
  // The S3 server's clock, to step past a presigned URL's expiry without waiting.
  let s3Offset = 0;

  before(async () => {
    s3 = await startS3Server('platform-test', { now: () => Date.now() + s3Offset });
    infra = await isolatedInfrastructure('training-playback-s3', s3StorageEnv(s3));
    api = await buildTestApp(createCustomerApi, infra);
    recording = await writeRecording(api.app.container.get(Storage), 'playback-s3/nested', 7);
    fixture = await createTraining({ sessions: [{ type: 'recorded', recordingKey: recording.masterKey }] });
    const customer = await createCustomer(api.app.container);
    auth = `Bearer ${customer.accessToken}`;
    await createEnrollment(api.app.container, { training: fixture, customer, status: 'enrolled' });
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await s3.stop();
  });

  const content = async () =>
    (await api.http.get(`/api/mobile/training/${fixture.training.id}/sessions/${fixture.sessions[0].id}/content`).set('Authorization', auth).expect(200)).body.data;
  const fetchPresigned = async (url: string) => {
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/video/playback-s3/nested/`), url).to.equal(true);
    expect(new URL(url).searchParams.get('X-Amz-Signature')).to.be.a('string');
    const res = await fetch(url);
    expect(res.status, url).to.equal(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('plays the recording: playlists through the signed route, every segment a presigned URL that the store serves', async () => {
    const { videoHlsUrl } = await content();
    expect(apiPath(videoHlsUrl)).to.match(/^\/api\/training\/playback\/[^/]+\/master\.m3u8$/);
    const bytes = await play(api.http, videoHlsUrl, fetchPresigned);
    const expected = ['360p/seg0.ts', '360p/seg1.ts', '720p/seg0.ts', '720p/part two/seg1.ts'].map((path) => segmentOf(recording, path));
    expect(bytes.map((segment) => segment.toString('hex'))).to.deep.equal(expected.map((segment) => segment.toString('hex')));
  });

  it('presigns segments to expire no later than the token, and the store refuses them after that', async () => {
    const { videoHlsUrl, videoTokenExpiresAt } = await content();
    const master = ((await getBytes(api.http, videoHlsUrl).expect(200)).body as Buffer).toString('utf8');
    const variant = ((await getBytes(api.http, playlistUris(master)[0]).expect(200)).body as Buffer).toString('utf8');
    const segments = playlistUris(variant);
    expect(segments).to.have.length(2);
    for (const url of segments) {
      const query = new URL(url).searchParams;
      const signedAt = Date.parse((query.get('X-Amz-Date') ?? '').replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
      const expiresAt = signedAt + Number(query.get('X-Amz-Expires')) * 1000;
      expect(expiresAt).to.be.at.most(Date.parse(videoTokenExpiresAt));
      expect(expiresAt).to.be.greaterThan(Date.now() + 800_000);
    }
    expect((await fetch(segments[0])).status).to.equal(200);
    s3Offset = 901_000;
    try {
      expect((await fetch(segments[0])).status).to.equal(403);
    } finally {
      s3Offset = 0;
    }
  });

  it('also streams a segment through the signed route itself, and keeps a token to its own directory', async () => {
    const token = apiPath((await content()).videoHlsUrl).split('/')[4];
    const res = await getBytes(api.http, `/api/training/playback/${token}/360p/seg0.ts`).expect(200);
    expect(res.headers['content-type']).to.equal('video/mp2t');
    expect((res.body as Buffer).equals(segmentOf(recording, '360p/seg0.ts'))).to.equal(true);
    const escape = await api.http.get(`/api/training/playback/${token}/..%2Fother%2Fseg0.ts`);
    expect([escape.status, escape.body.errorCode]).to.deep.equal([403, 'TRAINING_VIDEO_TOKEN_INVALID']);
  });

  it('answers content without recordingUrl or the storage key', async () => {
    const data = await content();
    expect(data).to.not.have.property('recordingUrl');
    expect(JSON.stringify(data)).to.not.include('playback-s3');
    expect(data.accessibleVia).to.equal('recording');
  });
});
