import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Database, OrderModel, OrderStatusHistoryModel, PaymentModel, TrainingCohortModel, TrainingEnrollmentHistoryModel, TrainingEnrollmentModel } from '@platform/db';
import { QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createEnrollment, createTraining, eventually, isolatedInfrastructure, TEST_ENV, TestApp } from '@platform/testing';
import { createJobsApp, startJobWorkers } from '../jobs-app';

/**
 * Issue 20 "Seats": an enroll order left unpaid is closed by the real order.auto_cancel job
 * (AutoCancelOrderUseCase, after Khalti says the payment expired); the training fulfilment's
 * release cancels the pending enrollment and gives its seat back, once.
 */
describe('training enrollment of an auto-cancelled order (jobs app)', () => {
  let infra: Infrastructure;
  let jobs: TestApp;
  let khalti: Server;
  const expired = new Set<string>();

  before(async function () {
    this.timeout(20_000);
    // A Khalti lookup stand-in: Expired for this file's payments, 404 for anything else.
    khalti = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { pidx } = JSON.parse(body || '{}') as { pidx?: string };
        if (!pidx || !expired.has(pidx)) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
        const reply = { pidx, total_amount: 0, status: 'Expired', transaction_id: null, fee: 0, refunded: false };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => khalti.listen(0, '127.0.0.1', resolve));
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:training-auto-cancel-jobs` });
    infra = await isolatedInfrastructure(
      'training-auto-cancel-jobs',
      { ORDER_AUTO_CANCEL_MINUTES: '30', KHALTI_BASE_URL: `http://127.0.0.1:${(khalti.address() as AddressInfo).port}/api/v2` },
      { queues },
    );
    jobs = await buildTestApp(createJobsApp, infra);
    await startJobWorkers(jobs.app, infra);
  });

  after(async () => {
    await infra.queues.close();
    await closeTestInfrastructure(infra);
    khalti.closeAllConnections();
    await new Promise<void>((resolve) => khalti.close(() => resolve()));
  });

  it('order.auto_cancel cancels the pending enrollment and gives its seat back once (cohort open again)', async function () {
    this.timeout(30_000);
    const training = await createTraining({ cohorts: [{ capacity: 1 }] });
    const { order, enrollment } = await createEnrollment(jobs.app.container, { training });
    const orderId = (order as OrderModel).id;
    const pidx = `training-ac-${orderId}`;
    expired.add(pidx);
    await PaymentModel.create({ orderId, gateway: 'khalti', amountPaisa: (order as OrderModel).totalPaisa, gatewayTransactionId: pidx });
    await jobs.app.container.get(Database).sequelize.query(`UPDATE orders SET created_at = now() - interval '45 minutes' WHERE id = :orderId`, { replacements: { orderId } });
    expect(await TrainingCohortModel.findByPk(training.cohorts[0].id)).to.include({ seatsTaken: 1, status: 'full' });

    const job = await infra.queues.add('order.auto_cancel', { orderId, reason: 'Payment not completed in time' });
    await eventually(async () => (await job.getState()) === 'completed', 15_000);
    // The app's every-minute sweep may have closed the order first: either way it is closed once.
    expect(await job.finished()).to.be.oneOf(['cancelled', 'skipped']);
    await infra.queues.add('order.auto_cancel', { orderId, reason: 'again' }).then((again) => eventually(async () => (await again.getState()) === 'completed', 15_000));

    expect((await OrderModel.findByPk(orderId, { rejectOnEmpty: true })).status).to.equal('cancelled');
    expect(await OrderStatusHistoryModel.count({ where: { orderId, status: 'cancelled' } })).to.equal(1);
    const cancelled = await TrainingEnrollmentModel.findByPk(enrollment.id, { rejectOnEmpty: true });
    expect(cancelled.status).to.equal('cancelled');
    expect(cancelled.cancelledAt).to.be.instanceOf(Date);
    const history = await TrainingEnrollmentHistoryModel.findAll({ where: { enrollmentId: enrollment.id }, order: [['id', 'ASC']] });
    expect(history.map((row) => [row.fromStatus, row.toStatus, row.actorType])).to.deep.equal([[null, 'pending', 'customer'], ['pending', 'cancelled', 'system']]);
    expect(await TrainingCohortModel.findByPk(training.cohorts[0].id)).to.include({ seatsTaken: 0, status: 'open' });
  });
});
