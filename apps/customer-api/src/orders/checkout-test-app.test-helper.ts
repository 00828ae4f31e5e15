import { randomBytes } from 'node:crypto';
import express from 'express';
import { listen } from '@platform/http';
import { buildTestApp, closeTestInfrastructure, isolatedInfrastructure, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

export const SHOP = 'https://shop.example.com';
export const API_BASE = 'https://api.example.com';
export const ESEWA = { productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q', formUrl: 'https://esewa.example.com/api/epay/main/v2/form' };
const KHALTI_SECRET = 'test-khalti-secret-key';

/**
 * A stand-in for Khalti's initiate endpoint (docs.khalti.com/khalti-epayment, KPG-2) that
 * records what it was sent: `Authorization: Key <secret>`, amounts in paisa, at least 1000
 * (Khalti's own minimum, refused with its 400 validation body). (The full simulator lives in
 * tools/gateway-sim, which an app's specs may not import.)
 */
async function startKhaltiStub() {
  const received: Array<Record<string, unknown>> = [];
  // Answers for the next initiates, for tests of a refusal the platform cannot foresee.
  const refusals: Array<{ status: number; body: object }> = [];
  const app = express();
  app.use(express.json());
  app.post('/api/v2/epayment/initiate/', (req, res) => {
    if (req.headers.authorization !== `Key ${KHALTI_SECRET}`) return res.status(401).json({ detail: 'Invalid token.', status_code: 401 });
    received.push(req.body as Record<string, unknown>);
    const refusal = refusals.shift();
    if (refusal) return res.status(refusal.status).json(refusal.body);
    if (!(Number(req.body.amount) >= 1000)) {
      return res.status(400).json({ amount: ['Amount should be greater than Rs. 10, that is 1000 paisa.'], error_key: 'validation_error' });
    }
    const pidx = randomBytes(11).toString('hex');
    return res.json({ pidx, payment_url: `https://pay.khalti.example/?pidx=${pidx}`, expires_at: '2030-01-01T00:00:00+05:45', expires_in: 1800 });
  });
  const server = await listen(app, 0, '127.0.0.1');
  return {
    baseUrl: `http://127.0.0.1:${server.port}/api/v2`,
    received,
    refuseNext: (status: number, body: object) => refusals.push({ status, body }),
    close: () => server.close(1_000),
  };
}

/** customer-api with fixed gateway settings, a public base URL and an allow-list of return origins. */
export async function startCheckoutApp(name: string) {
  const khalti = await startKhaltiStub();
  const infra = await isolatedInfrastructure(name, {
    ESEWA_PRODUCT_CODE: ESEWA.productCode,
    ESEWA_SECRET_KEY: ESEWA.secretKey,
    ESEWA_FORM_URL: ESEWA.formUrl,
    KHALTI_SECRET_KEY: KHALTI_SECRET,
    KHALTI_BASE_URL: khalti.baseUrl,
    CUSTOMER_API_PUBLIC_BASE_URL: API_BASE,
    RETURN_URL_ALLOWED_ORIGINS: `${SHOP},http://localhost:4200`,
  });
  const api: TestApp = await buildTestApp(createCustomerApi, infra);
  return {
    api,
    khalti,
    close: async () => {
      await khalti.close();
      await closeTestInfrastructure(infra);
    },
  };
}

/** The value, or a failed test when a row or element the spec expects is missing. */
export function found<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}
