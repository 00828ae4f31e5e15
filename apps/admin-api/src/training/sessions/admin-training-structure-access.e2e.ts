import { expect } from 'chai';
import { AdminRoute, buildTestApp, describeAdminRouteAccess, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const PERMISSIONS = [
  'Training_READ', 'Training_CREATE', 'Training_UPDATE', 'Training_DELETE', 'Training_SESSION_CREATE', 'Training_SESSION_UPDATE',
  'Training_SESSION_DELETE', 'Training_Cohort_CREATE', 'Training_Cohort_UPDATE', 'Training_Cohort_DELETE',
];

/**
 * Every session, cohort, schedule, waitlist and form-config route with the permission the spec's
 * "Training admin" table gives it. Authorization runs before any lookup, so ids need not exist.
 */
const ROUTES: AdminRoute[] = [
  ['get', '/api/admin/training/1/sessions', 'Training_READ'],
  ['post', '/api/admin/training/1/sessions', 'Training_SESSION_CREATE'],
  ['put', '/api/admin/training/1/sessions/reorder', 'Training_SESSION_UPDATE'],
  ['get', '/api/admin/training/1/sessions/1', 'Training_READ'],
  ['patch', '/api/admin/training/1/sessions/1', 'Training_SESSION_UPDATE'],
  ['patch', '/api/admin/training/1/sessions/1/recording', 'Training_SESSION_UPDATE'],
  ['delete', '/api/admin/training/1/sessions/1', 'Training_SESSION_DELETE'],
  ['get', '/api/admin/training/1/cohorts', 'Training_READ'],
  ['post', '/api/admin/training/1/cohorts', 'Training_Cohort_CREATE'],
  ['get', '/api/admin/training/1/cohorts/1', 'Training_READ'],
  ['patch', '/api/admin/training/1/cohorts/1', 'Training_Cohort_UPDATE'],
  ['delete', '/api/admin/training/1/cohorts/1', 'Training_Cohort_DELETE'],
  ['put', '/api/admin/training/1/cohorts/1/sessions', 'Training_Cohort_UPDATE'],
  ['get', '/api/admin/training/1/cohorts/1/waitlist', 'Training_READ'],
  ['get', '/api/admin/training/1/form-config', 'Training_READ'],
  ['put', '/api/admin/training/1/form-config', 'Training_UPDATE'],
];

/** The path as /openapi.json names it. */
const documented = (path: string) =>
  path.endsWith('/form-config')
    ? path.replace('/training/1', '/training/{id}')
    : path.replace('/training/1', '/training/{trainingId}').replace('/sessions/1', '/sessions/{sessionId}').replace('/cohorts/1', '/cohorts/{cohortId}');

describe('Admin training sessions, cohorts and form config: authentication and permissions (admin-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createAdminApi);
  });

  describeAdminRouteAccess({
    api: () => api,
    routes: ROUTES,
    permissions: PERMISSIONS,
    documentedPath: documented,
    // An unknown training: past authorization the answer is its 404 (or a 400 for the empty body).
    soleHolder: { path: (path) => path.replace('/training/1', '/training/999999999'), statuses: [400, 404] },
  });

  it('documents the request bodies with real schemas', async () => {
    const res = await api.http.get('/openapi.json').expect(200);
    const schemas = res.body.components.schemas;
    for (const name of ['CreateTrainingSessionDto', 'UpdateTrainingSessionDto', 'SetTrainingSessionRecordingDto', 'ReorderTrainingSessionsDto',
      'CreateTrainingCohortDto', 'UpdateTrainingCohortDto', 'ReplaceCohortScheduleDto', 'CohortScheduleSessionDto',
      'UpdateTrainingFormConfigDto', 'TrainingFormFieldDto']) {
      expect(schemas[name], name).to.be.an('object').with.property('properties');
    }
    expect(schemas.ReplaceCohortScheduleDto.properties.sessions.items).to.deep.equal({ $ref: '#/components/schemas/CohortScheduleSessionDto' });
  });
});
