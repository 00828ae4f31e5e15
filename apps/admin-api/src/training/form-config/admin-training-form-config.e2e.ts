import { expect } from 'chai';
import { TrainingEnrollmentFormConfigModel } from '@platform/db';
import { adminToken, buildTestApp, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const NAME = { key: 'fullName', label: 'Full name', type: 'text', required: true };
const LEVEL = { key: 'level', label: 'Level', type: 'select', required: false, options: ['Beginner', 'Advanced'] };

describe('Admin training enrollment form config (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const path = (trainingId: number) => `/api/admin/training/${trainingId}/form-config`;
  const put = (trainingId: number, body: object) => api.http.put(path(trainingId)).set('Authorization', admin).send(body);
  const get = (trainingId: number) => api.http.get(path(trainingId)).set('Authorization', admin);

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Training_READ', 'Training_UPDATE'])}`;
  });

  it('answers null for a training without a form, and the form once one is set', async () => {
    const { training } = await createTraining();
    expect((await get(training.id).expect(200)).body.data).to.equal(null);
    const res = await put(training.id, { fields: [NAME, LEVEL] }).expect(200);
    expect(res.body.message).to.equal('Enrollment form saved successfully');
    expect(res.body.data).to.have.all.keys('trainingId', 'fields', 'updatedAt');
    expect(res.body.data).to.deep.include({ trainingId: training.id, fields: [NAME, LEVEL] });
    expect((await get(training.id).expect(200)).body.data).to.deep.equal(res.body.data);
  });

  it('replaces the one form of a training (upsert), an empty field list included', async () => {
    const { training } = await createTraining({ formFields: [{ key: 'old', label: 'Old', type: 'text', required: true }] });
    await put(training.id, { fields: [LEVEL] }).expect(200);
    expect((await get(training.id).expect(200)).body.data.fields).to.deep.equal([LEVEL]);
    expect((await put(training.id, { fields: [] }).expect(200)).body.data.fields).to.deep.equal([]);
    expect(await TrainingEnrollmentFormConfigModel.count({ where: { trainingId: training.id } })).to.equal(1);
  });

  it('stores only the known keys of a field, trimming labels', async () => {
    const { training } = await createTraining();
    const res = await put(training.id, { fields: [{ ...NAME, label: '  Full name  ', extra: 'x' }] }).expect(200);
    expect(res.body.data.fields).to.deep.equal([NAME]);
  });

  it('refuses a duplicate key with 400 VALIDATION_ERROR naming it', async () => {
    const { training } = await createTraining();
    const res = await put(training.id, { fields: [NAME, { ...LEVEL, key: 'fullName' }] }).expect(400);
    expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    expect(res.body.message).to.contain('"fullName"');
  });

  it('refuses options missing from a select field or given to another type', async () => {
    const { training } = await createTraining();
    const missing = await put(training.id, { fields: [{ ...LEVEL, options: undefined }] }).expect(400);
    expect(missing.body.message).to.match(/options are required for a select field/);
    const extra = await put(training.id, { fields: [{ ...NAME, options: ['a'] }] }).expect(400);
    expect(extra.body.message).to.match(/options are only for a select field/);
  });

  it('refuses malformed fields with 400 VALIDATION_ERROR', async () => {
    const { training } = await createTraining();
    const bad: object[] = [
      {},
      { fields: 'x' },
      { fields: [{ ...NAME, key: '1abc' }] },
      { fields: [{ ...NAME, key: 'has space' }] },
      { fields: [{ ...NAME, key: `a${'b'.repeat(64)}` }] },
      { fields: [{ ...NAME, type: 'date' }] },
      { fields: [{ ...NAME, required: 'yes' }] },
      { fields: [{ ...NAME, label: '' }] },
      { fields: [{ ...LEVEL, options: [] }] },
      { fields: [{ ...LEVEL, options: ['a', 'a'] }] },
      { fields: [{ ...LEVEL, options: ['a', ''] }] },
      { fields: [{ ...LEVEL, options: [1] }] },
      { fields: ['text'] },
      { fields: Array.from({ length: 51 }, (_, i) => ({ ...NAME, key: `f${i}` })) },
    ];
    for (const body of bad) {
      const res = await put(training.id, body).expect(400);
      expect(res.body.errorCode, JSON.stringify(body).slice(0, 120)).to.equal('VALIDATION_ERROR');
    }
    expect((await get(training.id).expect(200)).body.data).to.equal(null);
  });

  it('takes 50 fields', async () => {
    const { training } = await createTraining();
    const fields = Array.from({ length: 50 }, (_, i) => ({ ...NAME, key: `f${i}` }));
    expect((await put(training.id, { fields }).expect(200)).body.data.fields).to.have.length(50);
  });

  it('answers 404 TRAINING_NOT_FOUND for an unknown training', async () => {
    expect((await get(999_999_999).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
    expect((await put(999_999_999, { fields: [NAME] }).expect(404)).body.errorCode).to.equal('TRAINING_NOT_FOUND');
  });
});
