import { escapeHtml } from '../../shared';
import type { NotificationContent } from './notification-templates';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f5f7fa;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2933',
  main: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px',
  th: 'text-align:left;padding:4px 16px 4px 0;font-weight:600;vertical-align:top',
  td: 'padding:4px 0;vertical-align:top',
  foot: 'color:#7b8794;font-size:12px;margin-top:24px',
};

const FOOTER = 'You receive this email because of activity on your account.';

/**
 * The email of a notification: a plain-text part and an HTML part with the same words. The HTML is
 * built from plain-text fields only and escapes every one of them, so a product title or a reason
 * typed by someone can never become markup (Ghost's lesson: one renderer for every channel).
 */
export function renderNotificationEmail(content: NotificationContent, recipientName: string | null): RenderedEmail {
  const greeting = recipientName ? `Hi ${recipientName},` : 'Hello,';
  const text = [
    greeting,
    '',
    content.body,
    ...(content.details.length > 0 ? ['', ...content.details.map(([label, value]) => `${label}: ${value}`)] : []),
    '',
    FOOTER,
    '',
  ].join('\n');

  const rows = content.details
    .map(([label, value]) => `<tr><th style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    `</head><body style="${STYLE.body}"><div style="${STYLE.main}">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(content.body)}</p>`,
    rows ? `<table role="presentation" style="border-collapse:collapse">${rows}</table>` : '',
    `<p style="${STYLE.foot}">${escapeHtml(FOOTER)}</p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject: content.subject, text, html };
}
