import { escapeHtml } from '@platform/domain';
import { plainPageHeaders, renderPlainPage } from '@platform/http';

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;color:#1f2933;background:#f5f7fa}' +
  'main{max-width:32rem;margin:0 auto;background:#fff;padding:2rem;border-radius:8px}' +
  'button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#0b63ce;color:#fff;cursor:pointer}';

/**
 * The pages' headers (plainPageHeaders): no script (the button is a plain form), the one inline
 * style by hash, the form may post only to this origin; the token rides in the URL, so no
 * Referer may carry it elsewhere and no cache may keep the page.
 */
export const NEWSLETTER_UNSUBSCRIBE_HEADERS = plainPageHeaders(STYLE, 'self');

/**
 * What the link in the email opens: a button that POSTs the one-click unsubscribe (the same body
 * a mail client sends, RFC 8058). Opening the link changes nothing, since mail scanners fetch links.
 */
export function renderUnsubscribeConfirmPage(action: string): string {
  return renderPlainPage({
    title: 'Unsubscribe from newsletter emails?',
    style: STYLE,
    body: [
      '<p>You will get no more newsletter emails. Push notifications in the app are not affected.</p>',
      `<form method="post" action="${escapeHtml(action)}">`,
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      '<button type="submit">Unsubscribe</button>',
      '</form>',
    ].join('\n'),
  });
}

/** The answer to the button (a browser asking for HTML); a mail client's POST gets JSON. */
export function renderUnsubscribedPage(): string {
  return renderPlainPage({ title: 'You are unsubscribed', style: STYLE, body: '<p>You will get no more newsletter emails. You can close this page.</p>' });
}
