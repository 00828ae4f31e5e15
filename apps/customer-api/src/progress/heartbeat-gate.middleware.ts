import type { NextFunction, Request, Response } from 'express';
import type { ContainerInstance } from 'typedi';
import { CustomerActor, HeartbeatGate } from '@platform/domain';
import { clientKey } from '@platform/http';

const ADMITTED = Symbol('heartbeat.actor');
type AdmittedRequest = Request & { [ADMITTED]?: CustomerActor };

/**
 * Runs HeartbeatGate (rate limit, then token) before routing-controllers reads the body, so the
 * spec's order of checks holds; the admitted customer is left on the request for the action.
 */
export function heartbeatGate(req: Request, _res: Response, next: NextFunction): void {
  const container = req.app.locals['container'] as ContainerInstance;
  container
    .get(HeartbeatGate)
    .admit({ authorization: req.headers.authorization, clientKey: clientKey(req), lessonId: String(req.params['lessonId'] ?? '') })
    .then((actor) => {
      (req as AdmittedRequest)[ADMITTED] = actor;
      next();
    }, next);
}

/** The customer heartbeatGate admitted (the action runs only after it did). */
export function admittedCustomer(req: Request): CustomerActor {
  const actor = (req as AdmittedRequest)[ADMITTED];
  if (!actor) throw new Error('heartbeatGate did not run before this action');
  return actor;
}
