import express, { Router } from 'express';
import { sendErrorPage } from './sim-pages';
import { DecisionResult, Outcome, parseOutcome } from './sim-support';

/**
 * The two ways a payment gets decided, wired to one `decide` so they cannot drift apart:
 * - `page`: the Approve/Decline form a person submits; answers with the gateway's redirect.
 * - `control`: `POST { outcome }` for automated tests; answers `{ location }` (the redirect the
 *   browser would get, or null when the browser stays on the gateway); the body is handed to
 *   `decide` too, so a gateway may learn there what its form would have told it.
 */
export function mountDecisionRoutes(
  router: Router,
  paths: { page: string; control: string },
  decide: (id: string, outcome: Outcome, control?: Record<string, unknown>) => DecisionResult,
): void {
  router.post(paths.page, express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const outcome = parseOutcome(req.body?.outcome);
    if (outcome !== 'approve' && outcome !== 'decline') return sendErrorPage(res, 400, 'Choose Approve or Decline.');
    const result = decide(req.params['id'], outcome);
    if (!result.ok) return sendErrorPage(res, result.httpStatus, result.message);
    if (result.location === null) return sendErrorPage(res, 202, 'The payment is pending.');
    res.redirect(302, result.location);
  });

  router.post(paths.control, express.json({ limit: '4kb' }), (req, res) => {
    const outcome = parseOutcome(req.body?.outcome);
    if (outcome === null) {
      res.status(400).json({ message: 'outcome must be approve, decline or pending' });
      return;
    }
    const result = decide(req.params['id'], outcome, (req.body ?? {}) as Record<string, unknown>);
    if (result.ok) res.json({ location: result.location });
    else res.status(result.httpStatus).json({ message: result.message });
  });
}
