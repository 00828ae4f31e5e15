import express, { Application } from 'express';
import { acceptAnyBody, mobileTwin } from '@platform/http';
import { NEWSLETTER_UNSUBSCRIBE_ROUTE } from '@platform/domain';

/**
 * The one-click unsubscribe POST (RFC 8058) carries `List-Unsubscribe=One-Click` form-encoded, and
 * some mail clients send other bodies or none: the route reads no body, so any small body is
 * accepted rather than refused with 415.
 */
export function mountNewsletterUnsubscribeBodies(app: Application): void {
  const paths = [NEWSLETTER_UNSUBSCRIBE_ROUTE, mobileTwin(NEWSLETTER_UNSUBSCRIBE_ROUTE)];
  app.use(paths, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 8 }));
  app.use(paths, acceptAnyBody);
}
