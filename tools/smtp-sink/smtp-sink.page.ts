import type { SinkMail } from './smtp-sink';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

const STYLE = `body{font:15px system-ui,sans-serif;margin:2rem;max-width:70rem;color:#222}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}
iframe{width:100%;height:32rem;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

/** The list of received mails, newest first. */
export function renderMailList(mails: SinkMail[]): string {
  const rows = mails
    .map((mail) => `<tr><td>${escape(mail.receivedAt.toISOString())}</td><td>${escape(mail.to.join(', '))}</td>` +
      `<td><a href="/mails/${mail.id}">${escape(mail.subject || '(no subject)')}</a></td></tr>`)
    .join('');
  const table = mails.length
    ? `<table><thead><tr><th>date</th><th>to</th><th>subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Mails the apps send to this machine\'s SMTP port appear here (reload the page).</p>';
  return page('SMTP sink', `<h1>SMTP sink: ${mails.length} mail${mails.length === 1 ? '' : 's'}</h1>${table}`);
}

/**
 * One mail. Its HTML body is shown in a sandboxed frame (no scripts, no same origin), so markup
 * in a mail never runs in this page; the text body is shown escaped.
 */
export function renderMailPage(mail: SinkMail): string {
  const html = mail.html ? `<h2>HTML</h2><iframe sandbox srcdoc="${escape(mail.html)}" title="HTML body"></iframe>` : '';
  const text = mail.text ? `<h2>Text</h2><pre>${escape(mail.text)}</pre>` : '';
  return page(mail.subject, `<p><a href="/">All mails</a></p><h1>${escape(mail.subject || '(no subject)')}</h1>
<table><tr><th>from</th><td>${escape(mail.from)}</td></tr><tr><th>to</th><td>${escape(mail.to.join(', '))}</td></tr>
<tr><th>date</th><td>${escape(mail.receivedAt.toISOString())}</td></tr></table>${html}${text}`);
}
