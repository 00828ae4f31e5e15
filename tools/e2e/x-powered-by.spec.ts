import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { buildTestApp, TEST_ENV } from '@platform/testing';
import { createAdminApi } from '../../apps/admin-api/src/admin-api';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { createJobsApp } from '../../apps/jobs/src/jobs-app';
import { createMarketApi } from '../../apps/market-api/src/market-api';
import { createGatewaySimulator } from '../gateway-sim/gateway-simulator';
import { SIM_ESEWA, SIM_KHALTI_SECRET } from '../gateway-sim/sim.test-helper';
import { startSmtpSink } from '../smtp-sink/smtp-sink';

/**
 * No server `npm start` runs names its framework: every app, the pages libraries mount inside
 * them (Swagger UI, bull-board, each an express app or router of its own), the simulator and the sink.
 */
describe('X-Powered-By', () => {
  const dashboard = (path: string) => (agent: request.Agent) => agent.get(path).auth('ops', TEST_ENV['JOBS_DASHBOARD_TOKEN']);
  const get = (path: string) => (agent: request.Agent) => agent.get(path);

  const cases: Array<[string, () => Promise<Express>, Array<(agent: request.Agent) => request.Test>]> = [
    ['admin-api', async () => (await buildTestApp(createAdminApi)).app.express, [get('/healthz'), get('/docs/'), get('/no-such-route')]],
    ['customer-api', async () => (await buildTestApp(createCustomerApi)).app.express, [get('/healthz'), get('/docs/'), get('/no-such-route')]],
    ['market-api', async () => (await buildTestApp(createMarketApi)).app.express, [get('/healthz'), get('/docs/'), get('/no-such-route')]],
    ['jobs', async () => (await buildTestApp(createJobsApp)).app.express, [get('/healthz'), dashboard('/admin/queues/'), dashboard('/admin/queues/api/queues'), get('/admin/queues/')]],
    ['gateway-sim', async () => createGatewaySimulator({ esewa: SIM_ESEWA, khalti: { secretKey: SIM_KHALTI_SECRET } }), [get('/no-such-route')]],
  ];

  for (const [name, build, requests] of cases) {
    it(`is never sent by ${name}`, async () => {
      const agent = request.agent(await build());
      for (const [index, send] of requests.entries()) {
        const res = await send(agent);
        expect(res.headers, `request ${index + 1} (${res.status})`).not.to.have.property('x-powered-by');
      }
    });
  }

  it('is never sent by the SMTP sink', async () => {
    const sink = await startSmtpSink({ smtpPort: 0, webPort: 0 });
    try {
      for (const path of ['/', '/api/mails', '/mails/1']) {
        const res = await fetch(`http://127.0.0.1:${sink.webPort}${path}`);
        expect(res.headers.get('x-powered-by'), path).to.equal(null);
      }
    } finally {
      await sink.close();
    }
  });
});
