import express, { Application, NextFunction, Request, Response } from 'express';
import { acceptAnyBody } from '@platform/http';

const CALLBACKS = '/api/payments/redirect';

/**
 * POST callbacks carry form fields (eSewa and Khalti post HTML forms) or JSON. A body that cannot
 * be parsed must still end on the result page (CONTRACT section 4: callbacks never answer 4xx),
 * so parse errors on these paths become a `failed` redirect instead of the usual 400, and a body
 * of another type is not refused with 415 (`acceptAnyBody`): the callback reads its query then.
 */
export function mountPaymentCallbackBodies(app: Application): void {
  app.use(CALLBACKS, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 64 }));
  app.use(CALLBACKS, acceptAnyBody);
  app.use(CALLBACKS, (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const id = /^\/([1-9]\d{0,8})\//.exec(req.path)?.[1];
    const query = new URLSearchParams({ payment_status: 'failed', ...(id ? { payment_id: id } : {}), reference_type: 'order' });
    res.set('Cache-Control', 'no-store').redirect(302, `/api/payments/result?${query.toString()}`);
  });
}
