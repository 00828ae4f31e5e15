import express, { ErrorRequestHandler, Express, Request } from 'express';
import { createEsewaSimulator, EsewaSimOptions } from './esewa-sim.routes';
import { createKhaltiSimulator, KhaltiSimOptions } from './khalti-sim.routes';
import { sendErrorPage } from './sim-pages';

/**
 * A local stand-in for eSewa and Khalti (CONTRACT section 6) speaking both protocols, with a
 * page where a person approves or declines each payment and `/__sim/...` controls for tests.
 * State lives in memory: restarting the simulator forgets every payment.
 *
 * | route | protocol |
 * |---|---|
 * | `POST /esewa/api/epay/main/v2/form` | eSewa form post -> approve/decline page |
 * | `GET /esewa/api/epay/transaction/status/` | eSewa status check |
 * | `POST /khalti/api/v2/epayment/initiate/`, `.../lookup/` | Khalti API (`Authorization: Key <secret>`) |
 * | `GET /khalti/pay/:pidx` | Khalti approve/decline page |
 * | `POST /__sim/esewa/:transactionUuid/decide`, `POST /__sim/khalti/:pidx/decide` | tests: `{ outcome }` -> `{ location }` |
 * | `POST /__sim/reset` | tests: forget every payment |
 */
export interface GatewaySimulatorOptions {
  esewa: EsewaSimOptions;
  khalti: KhaltiSimOptions;
  /** The simulator's address as browsers reach it (Khalti's `payment_url`); defaults to the request's Host. */
  publicBaseUrl?: string;
}

export function createGatewaySimulator(options: GatewaySimulatorOptions): Express {
  const baseUrl = (req: Request) => (options.publicBaseUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '');
  const esewa = createEsewaSimulator(options.esewa);
  const khalti = createKhaltiSimulator(options.khalti, baseUrl);

  const app = express();
  app.disable('x-powered-by');
  app.get(['/healthz', '/readyz'], (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(esewa.router, khalti.router);
  app.post('/__sim/reset', (_req, res) => {
    esewa.reset();
    khalti.reset();
    res.status(204).end();
  });
  app.use((req, res) => {
    if (isKhaltiApi(req)) res.status(404).json({ detail: 'Not found.' });
    else sendErrorPage(res, 404, `Nothing here: ${req.method} ${req.path}`);
  });
  app.use(errorHandler);
  return app;
}

/** Body parser errors (bad JSON, too large) in each protocol's own shape; anything else is a 500. */
const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  const message = status === 500 ? 'The simulator failed.' : String(error?.message ?? 'Bad request');
  if (status === 500) console.error('[gateway-sim]', error);
  if (isKhaltiApi(req)) res.status(status).json({ detail: message, error_key: 'validation_error' });
  else if (req.path.startsWith('/__sim/')) res.status(status).json({ message });
  else sendErrorPage(res, status, message);
};

function isKhaltiApi(req: Request): boolean {
  return req.path.startsWith('/khalti/api/');
}
