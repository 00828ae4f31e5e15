import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { PaymentStatusService } from '@platform/domain';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createPendingPayment, isolatedInfrastructure, launchChromium, settlePayment, TestApp, TestBrowser } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * The result page in a real browser (issue 18): it shows the server's state, moves from pending
 * to success by itself, then forwards to the returnUrl. customer-api listens on a real port whose
 * origin is its public base URL, so the default RETURN_URL_ALLOWED_ORIGINS allows the demo return page.
 */
describe('Payment result page in Chromium (customer-api)', function () {
  this.timeout(60_000);
  let browser: TestBrowser;
  let server: Server;
  let infra: Infrastructure;
  let api: TestApp;
  let base: string;

  before(async function () {
    browser = await launchChromium(this);
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    infra = await isolatedInfrastructure('payment-result-browser', { CUSTOMER_API_PUBLIC_BASE_URL: base });
    api = await buildTestApp(createCustomerApi, infra);
    server.on('request', api.app.express);
  });
  after(async () => {
    await browser?.close();
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    if (infra) await closeTestInfrastructure(infra);
  });

  const resultUrl = (query: Record<string, string>) => `${base}/api/payments/result?${new URLSearchParams(query).toString()}`;
  const heading = async (page: Awaited<ReturnType<TestBrowser['context']['newPage']>>) => ({
    status: await page.locator('h1').getAttribute('data-status'),
    text: await page.locator('h1').textContent(),
  });

  it('moves from pending to success when the order is paid meanwhile, then forwards to the returnUrl', async () => {
    const { order, payment } = await createPendingPayment(api.app.container, `${base}/api/payments/return-demo`);
    const token = api.app.container.get(PaymentStatusService).token(payment.id);
    const page = await browser.context.newPage();
    await page.goto(resultUrl({ payment_status: 'pending', payment_id: String(payment.id), reference_type: 'order', reference_id: String(order.id), token }));
    expect(await heading(page)).to.deep.equal({ status: 'pending', text: 'Payment pending' });

    await settlePayment(order, payment);
    await page.waitForURL(/\/api\/payments\/return-demo\?/, { timeout: 15_000 });
    const returned = new URL(page.url());
    expect(Object.fromEntries(returned.searchParams)).to.deep.equal({
      payment_status: 'success',
      payment_id: String(payment.id),
      reference_type: 'order',
      reference_id: String(order.id),
    });
    expect(await page.locator('h1').textContent()).to.equal('Back from the payment');
    await page.close();
  });

  it('never shows "Payment successful" for a crafted URL of an unpaid payment, and forwards nowhere', async () => {
    const { order, payment } = await createPendingPayment(api.app.container, `${base}/api/payments/return-demo`);
    const token = api.app.container.get(PaymentStatusService).token(payment.id);
    const crafted = { payment_status: 'success', payment_id: String(payment.id), reference_type: 'order', reference_id: String(order.id), next: `${base}/api/payments/return-demo` };
    const page = await browser.context.newPage();
    for (const [query, expected] of [
      [crafted, 'unconfirmed'],
      [{ ...crafted, token: 'made-up-token' }, 'unconfirmed'],
      [{ ...crafted, token }, 'pending'],
    ] as const) {
      await page.goto(resultUrl(query));
      expect((await heading(page)).status).to.equal(expected);
      await page.waitForTimeout(2_500); // one poll later: still the same page, still not paid
      expect(new URL(page.url()).pathname).to.equal('/api/payments/result');
      expect((await heading(page)).status).to.equal(expected);
      expect(await page.content()).not.to.include('Payment successful');
    }
    await page.close();
  });
});
