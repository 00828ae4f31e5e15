import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { TrainingModel } from '@platform/db';
import { adminToken, buildTestApp, createTraining, mp4Bytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

/**
 * learning-commerce.md, "Training trailers", with the local driver: what is the training's own
 * (messages, response shape, the detail and list, 404, PATCH trailerRef). The shared rules (MP4
 * checks, legacy refs kept, the order of work) are unit-tested once on TrailerFiles.
 */
describe('Admin training trailers (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, ['Training_UPDATE', 'Training_READ'])}`;
  });

  const localPath = (key: string) => join(api.infra.config.storage.localRoot, key);
  const isStored = (key: string) => stat(localPath(key)).then((info) => info.isFile(), () => false);
  const upload = (id: number) =>
    api.http.post(`/api/admin/training/${id}/trailer`).set('Authorization', auth).attach('file', mp4Bytes(), { filename: 'trailer.mp4', contentType: 'video/mp4' });
  const clear = (id: number) => api.http.delete(`/api/admin/training/${id}/trailer`).set('Authorization', auth);
  const trailerRefOf = async (id: number) => (await TrainingModel.findByPk(id))?.trailerRef;

  it('uploads a trailer under public/trailer/ and answers { id, trailerRef, trailerUrl }; the detail and list carry both', async () => {
    const { training } = await createTraining();
    const res = await upload(training.id).expect(200);
    expect(res.body.message).to.equal('training trailer uploaded successfully');
    const { trailerRef } = res.body.data;
    expect(trailerRef).to.match(/^public\/trailer\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
    expect(res.body.data).to.deep.equal({ id: training.id, trailerRef, trailerUrl: `/${trailerRef}` });
    expect(await isStored(trailerRef)).to.equal(true);
    const read = await api.http.get(`/api/admin/training/${training.id}`).set('Authorization', auth).expect(200);
    expect(read.body.data).to.include({ trailerRef, trailerUrl: `/${trailerRef}` });
    const listed = await api.http.get('/api/admin/training').set('Authorization', auth).query({ pagination: false }).expect(200);
    expect(listed.body.data.find((row: { id: number }) => row.id === training.id)).to.include({ trailerRef, trailerUrl: `/${trailerRef}` });
  });

  it('replaces a managed trailer and deletes the old object from storage', async () => {
    const { training } = await createTraining();
    const first = (await upload(training.id).expect(200)).body.data.trailerRef;
    const second = (await upload(training.id).expect(200)).body.data.trailerRef;
    expect(second).to.not.equal(first);
    expect(await trailerRefOf(training.id)).to.equal(second);
    expect(await isStored(first)).to.equal(false);
    expect(await isStored(second)).to.equal(true);
  });

  it('clears a trailer: trailerRef null first, then the managed object is deleted', async () => {
    const { training } = await createTraining();
    const ref = (await upload(training.id).expect(200)).body.data.trailerRef;
    const res = await clear(training.id).expect(200);
    expect(res.body).to.deep.equal({ message: 'training trailer cleared successfully', data: { id: training.id, trailerRef: null, trailerUrl: null } });
    expect(await trailerRefOf(training.id)).to.equal(null);
    expect(await isStored(ref)).to.equal(false);
  });

  it('PATCH trailerRef points away from a managed trailer without deleting its object (no cleanup)', async () => {
    const { training } = await createTraining();
    const managed = (await upload(training.id).expect(200)).body.data.trailerRef;
    await api.http.patch(`/api/admin/training/${training.id}`).set('Authorization', auth).send({ trailerRef: 'videos/legacy.mp4' }).expect(200);
    expect(await isStored(managed)).to.equal(true);
    await api.http.patch(`/api/admin/training/${training.id}`).set('Authorization', auth).send({ trailerRef: null }).expect(200);
    expect(await isStored(managed)).to.equal(true);
  });

  it('answers 404 TRAINING_NOT_FOUND for an unknown training on upload and clear', async () => {
    expect((await upload(2_000_000_000).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    expect((await clear(2_000_000_000).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
  });
});
