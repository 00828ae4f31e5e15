import { createHash } from 'node:crypto';
import { escapeHtml } from '@platform/domain';

/** A small server-rendered page: a title, one inline stylesheet, and a main with a heading. */
export interface PlainPage {
  title: string;
  /** The page's one stylesheet, inlined and allowed by its hash (plainPageHeaders). */
  style: string;
  /** More elements for the head (trusted HTML; escape values where it is built), e.g. a meta refresh. */
  head?: string;
  /** Attributes of the heading, escaped here. */
  headingAttributes?: Record<string, string>;
  /** What follows the heading in the main (trusted HTML; escape values where it is built). */
  body: string;
}

/** The HTML of `page`; the title and heading attributes are escaped here. */
export function renderPlainPage(page: PlainPage): string {
  const attributes = Object.entries(page.headingAttributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title)}</title>`,
    page.head ?? '',
    `<style>${page.style}</style>`,
    '</head><body><main>',
    `<h1${attributes}>${escapeHtml(page.title)}</h1>`,
    page.body,
    '</main></body></html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The headers of a plain page. Its Content-Security-Policy allows no script at all and only the
 * page's own inline stylesheet (by hash), and forms may post to this origin (`self`) or nowhere
 * (`none`). Such pages carry tokens in their URLs (payment results, unsubscribe links): no Referer
 * may take them elsewhere, and no cache may keep the page.
 */
export function plainPageHeaders(style: string, formAction: 'self' | 'none'): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    "base-uri 'none'",
    `form-action '${formAction}'`,
    "frame-ancestors 'none'",
  ].join('; ');
  return { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
}
