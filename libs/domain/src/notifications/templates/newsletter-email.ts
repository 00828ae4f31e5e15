import { escapeHtml, NewsletterItem } from '../../shared';
import type { RenderedEmail } from './notification-email';

const STYLE = {
  body: 'margin:0;padding:24px;background:#f5f7fa;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933',
  main: 'max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px',
  series: 'margin:0 0 4px;color:#52606d;font-size:13px;text-transform:uppercase;letter-spacing:0.04em',
  title: 'font-size:22px;margin:0 0 12px',
  summary: 'font-size:16px;color:#3e4c59;margin:0 0 20px',
  paragraph: 'line-height:1.6;margin:0 0 14px',
  foot: 'color:#7b8794;font-size:12px;margin-top:28px;border-top:1px solid #e4e7eb;padding-top:12px',
};

/** One reader's copy: the unsubscribe link is theirs (RFC 8058's List-Unsubscribe carries the same URL). */
export interface NewsletterRecipient {
  unsubscribeUrl: string;
}

/** The body's paragraphs: blocks between blank lines, each trimmed; line breaks inside a block are kept. */
export function newsletterParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

const whyText = (item: NewsletterItem) =>
  item.tier === null
    ? 'You receive this newsletter because you have an active subscription.'
    : `You receive this ${item.tier} newsletter because your subscription includes ${item.tier} content.`;

/**
 * A newsletter item as an email (issue 24 "Delivery"): series, title, summary and the body with
 * its paragraphs, then why the reader gets it and their one-click unsubscribe link. The item's text
 * is plain text typed by an admin: every field is escaped (escapeHtml, as the notification emails),
 * so a `<script>` in a body arrives as text, never as markup.
 */
export function renderNewsletterEmail(item: NewsletterItem, recipient: NewsletterRecipient): RenderedEmail {
  const paragraphs = newsletterParagraphs(item.body);
  const why = whyText(item);
  const text = [
    item.seriesTitle,
    item.title,
    '',
    ...(item.summary ? [item.summary, ''] : []),
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    '--',
    why,
    `Unsubscribe from newsletter emails (push notifications are not affected): ${recipient.unsubscribeUrl}`,
    '',
  ].join('\n');

  const url = escapeHtml(recipient.unsubscribeUrl);
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(item.title)}</title>`,
    `</head><body style="${STYLE.body}"><div style="${STYLE.main}">`,
    `<p style="${STYLE.series}">${escapeHtml(item.seriesTitle)}</p>`,
    `<h1 style="${STYLE.title}">${escapeHtml(item.title)}</h1>`,
    item.summary ? `<p style="${STYLE.summary}">${escapeHtml(item.summary)}</p>` : '',
    ...paragraphs.map((paragraph) => `<p style="${STYLE.paragraph}">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    `<p style="${STYLE.foot}">${escapeHtml(why)} <a href="${url}">Unsubscribe</a> from newsletter emails (push notifications are not affected).</p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject: item.title, text, html };
}
