import type { RequestHandler } from 'express';
import { getMetadataArgsStorage } from 'routing-controllers';

/**
 * routing-controllers calls `next()` after it sent an action's answer, so express went on testing
 * every later route of the app (a hundred and more regular expressions) and the unmatched-route and
 * 404 handlers, which then did nothing: about a tenth of a small signed-in request's CPU. Run after
 * every action, this ends the request's routing once an answer went out; an action that has not
 * answered yet (one that streams its own body) carries on as before.
 */
export const stopAfterResponse: RequestHandler = (_req, res, next) => {
  if (!res.headersSent) next();
};

const marked = new WeakSet<Function>();

/** Adds stopAfterResponse after every action of these controllers (once per class: the metadata storage is global). */
export function stopRoutingAfterActions(controllers: Function[]): void {
  const storage = getMetadataArgsStorage();
  for (const controller of controllers) {
    if (marked.has(controller)) continue;
    marked.add(controller);
    storage.uses.push({ target: controller, middleware: stopAfterResponse, afterAction: true });
  }
}
