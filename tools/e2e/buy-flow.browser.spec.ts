import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Job } from 'bull';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { escapeHtml } from '@platform/domain';
import type { HttpApp } from '@platform/http';
import { QueueName, QueueRegistry } from '@platform/queue';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createCourse, createCustomer, isolatedInfrastructure, launchChromium, TEST_ENV, TestApp, TestBrowser, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { createJobsApp } from '../../apps/jobs/src/jobs-app';
import { PROCESSORS } from '../../apps/jobs/src/workers/processors';
import { startSimulator } from '../gateway-sim/sim.test-helper';

/**
 * The README's "Buy the demo course in a browser" in headless Chromium (issue 18): cart and checkout
 * over HTTP, then the browser posts the eSewa form (or opens Khalti's payment page) on the gateway
 * simulator, clicks Approve or Decline, follows the callback to the result page, which polls while
 * the jobs app's processors (run in-process here) confirm with the simulator, and lands on the demo
 * return page. customer-api and the simulator listen on real ports, as in `npm start`.
 * (In tools/: an app's specs may import neither the simulator nor the jobs app.)
 */
describe('Buy a course in Chromium: checkout → gateway simulator → result page → return page', function () {
  this.timeout(60_000);
  let browser: TestBrowser;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let server: Server;
  let infra: Infrastructure;
  let api: TestApp;
  let jobs: HttpApp;
  let base: string;
  let scratch: string;

  before(async function () {
    browser = await launchChromium(this);
    scratch = mkdtempSync(join(tmpdir(), 'buy-flow-'));
    sim = await startSimulator();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Queues of their own: no other spec of the run adds or takes these jobs.
    const queues = new QueueRegistry({ redisUrl: TEST_ENV['REDIS_URL'], prefix: `${TEST_ENV['REDIS_PREFIX']}:buy-flow-browser` });
    infra = await isolatedInfrastructure(
      'buy-flow-browser',
      {
        ESEWA_PRODUCT_CODE: sim.esewa.productCode,
        ESEWA_SECRET_KEY: sim.esewa.secretKey,
        ESEWA_FORM_URL: sim.esewa.formUrl,
        ESEWA_STATUS_URL: sim.esewa.statusUrl,
        KHALTI_SECRET_KEY: sim.khalti.secretKey,
        KHALTI_BASE_URL: sim.khalti.baseUrl,
        CUSTOMER_API_PUBLIC_BASE_URL: base, // RETURN_URL_ALLOWED_ORIGINS unset: the default allows it
      },
      { queues },
    );
    api = await buildTestApp(createCustomerApi, infra);
    server.on('request', api.app.express);
    jobs = createJobsApp(infra);
  });

  after(async () => {
    await browser?.close();
    if (infra) {
      await Promise.all(['orders', 'cart', 'notifications'].map((name) => infra.queues.queue(name as QueueName).obliterate({ force: true })));
      await infra.queues.close();
      await closeTestInfrastructure(infra);
    }
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await sim?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** Runs the waiting jobs of a queue through the jobs app's processors, as its worker would. */
  async function drain(queue: QueueName): Promise<unknown[]> {
    const results: unknown[] = [];
    for (let waiting = await infra.queues.queue(queue).getWaiting(); waiting.length > 0; waiting = await infra.queues.queue(queue).getWaiting()) {
      for (const job of waiting) {
        const processor = PROCESSORS.find((candidate) => candidate.job === job.name);
        if (!processor) throw new Error(`no processor for ${job.name}`);
        results.push(await processor.process(job as Job<never>, jobs.container));
        await job.remove();
      }
    }
    return results;
  }

  interface Checkout {
    customer: TestCustomer;
    productId: number;
    data: { orderId: number; paymentId: number; initiationType: string; redirectUrl: string; gatewayPayload: Record<string, string> };
  }

  /** The README's curl steps: add the course to the cart, check out with the gateway, returnUrl the demo page. */
  async function checkout(gateway: 'esewa' | 'khalti'): Promise<Checkout> {
    const customer = await createCustomer(api.app.container);
    const { product } = await createCourse({ mrpPaisa: 250_000, spPaisa: 199_900 });
    const auth = `Bearer ${customer.accessToken}`;
    await api.http.post('/api/cart/items').set('Authorization', auth).send({ productId: product.id }).expect(200);
    const res = await api.http
      .post('/api/orders/checkout')
      .set('Authorization', auth)
      .set('Idempotency-Key', randomUUID())
      .send({ gateway, returnUrl: `${base}/api/payments/return-demo` });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return { customer, productId: product.id, data: res.body.data };
  }

  /** The browser reaches the gateway: eSewa by an auto-submitting form page (the README's pay.html), Khalti by its payment_url. */
  async function openGateway(page: Page, gateway: 'esewa' | 'khalti', data: Checkout['data']): Promise<void> {
    if (gateway === 'khalti') {
      await page.goto(data.redirectUrl);
      return;
    }
    expect(data.initiationType).to.equal('form_post');
    const inputs = Object.entries(data.gatewayPayload).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`);
    const file = join(scratch, `pay-${data.paymentId}.html`);
    writeFileSync(file, `<form method="post" action="${escapeHtml(data.redirectUrl)}">${inputs.join('')}</form><script>document.forms[0].submit()</script>`);
    await page.goto(pathToFileURL(file).href, { waitUntil: 'commit' });
    await page.waitForURL(`${sim.url}/esewa/**`);
  }

  /** Every URL the page navigates to, redirect hops included. */
  const navigations = (page: Page) => {
    const urls: URL[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) urls.push(new URL(request.url()));
    });
    return urls;
  };
  const heading = (page: Page) => page.locator('h1').getAttribute('data-status');
  const fact = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').textContent();
  const get = (customer: TestCustomer, path: string) => api.http.get(path).set('Authorization', `Bearer ${customer.accessToken}`).expect(200);

  for (const gateway of ['esewa', 'khalti'] as const) {
    it(`${gateway}: Approve → callback → result page pending, then success once the job ran → return page with the order; library lists the course`, async () => {
      const flow = await checkout(gateway);
      const page = await browser.context.newPage();
      const visited = navigations(page);
      await openGateway(page, gateway, flow.data);
      expect(await page.locator('h1').textContent()).to.equal(`${gateway === 'esewa' ? 'eSewa' : 'Khalti'} (simulator)`);

      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.waitForURL((url) => url.pathname === '/api/payments/result');
      // The simulator's 302 went to customer-api's callback for this payment, which sent the browser here.
      expect(visited.map((url) => url.pathname)).to.include(`/api/payments/redirect/${flow.data.paymentId}/success`);
      expect(await heading(page)).to.equal('pending');
      expect(await fact(page, 'Order')).to.equal(String(flow.data.orderId));
      expect((await get(flow.customer, `/api/orders/${flow.data.orderId}`)).body.data.status).to.equal('payment_pending');

      // The jobs app confirms with the simulator; the page, polling every 2 s, turns to success and forwards.
      expect(await drain('orders')).to.deep.equal(['paid']);
      await page.locator('h1[data-status="success"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('h1').textContent()).to.equal('Payment successful');
      await page.waitForURL((url) => url.pathname === '/api/payments/return-demo', { timeout: 10_000 });
      expect(await page.locator('h1').textContent()).to.equal('Back from the payment');
      expect(await fact(page, 'Order')).to.equal(String(flow.data.orderId));
      expect(await fact(page, 'Payment')).to.equal(String(flow.data.paymentId));
      expect(await fact(page, 'Status')).to.equal('success');
      await page.close();

      const library = (await get(flow.customer, '/api/me/library')).body.data as Array<{ productId: number }>;
      expect(library.map((item) => item.productId)).to.deep.equal([flow.productId]);
      expect((await get(flow.customer, `/api/orders/${flow.data.orderId}`)).body.data.status).to.equal('paid');
      await drain('cart');
    });
  }

  for (const gateway of ['esewa', 'khalti'] as const) {
    it(`${gateway}: Decline → a page that says the payment failed; the job fails the order (payment_failed), the library stays empty`, async () => {
      const flow = await checkout(gateway);
      const page = await browser.context.newPage();
      const visited = navigations(page);
      await openGateway(page, gateway, flow.data);
      await page.getByRole('button', { name: 'Decline' }).click();
      await page.waitForURL((url) => ['/api/payments/result', '/api/payments/return-demo'].includes(url.pathname));
      // eSewa sends a decline to failure_url; Khalti has one return_url and says "User canceled".
      expect(visited.map((url) => url.pathname)).to.include(`/api/payments/redirect/${flow.data.paymentId}/${gateway === 'esewa' ? 'failure' : 'success'}`);
      expect(await heading(page)).to.equal('failed');
      expect(await page.locator('h1').textContent()).to.equal('Payment failed');
      expect((await get(flow.customer, `/api/orders/${flow.data.orderId}`)).body.data.status).to.equal('payment_pending');

      // The gateway's terminal "not completed" (eSewa CANCELED, Khalti User canceled): the failure job fails the order.
      expect(await drain('orders')).to.deep.equal(['payment_failed']);
      if (gateway === 'khalti') {
        // Its callback carried the pidx (so a token): the page forwards to the shop, saying failed.
        await page.waitForURL((url) => url.pathname === '/api/payments/return-demo', { timeout: 10_000 });
        expect([await fact(page, 'Status'), await fact(page, 'Order')]).to.deep.equal(['failed', String(flow.data.orderId)]);
      } else {
        // eSewa's failure redirect carries no transaction id: the page cannot read the payment, says failed and stays.
        await page.reload();
        expect(await heading(page)).to.equal('failed');
        expect(await page.locator('meta[http-equiv="refresh"]').count()).to.equal(0);
      }
      expect(await page.content()).not.to.include('Payment successful');
      await page.close();
      expect((await get(flow.customer, `/api/orders/${flow.data.orderId}`)).body.data.status).to.equal('payment_failed');
      expect((await get(flow.customer, '/api/me/library')).body.data).to.deep.equal([]);
    });
  }
});
