import type { Response } from 'express';

/** Every value shown on a page goes through here: merchants choose order names and URLs. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** "Rs. 1,999.00" for a person to read; the protocols never see this. */
export function formatRupees(paisa: number): string {
  const rupees = Math.floor(paisa / 100).toLocaleString('en-IN');
  return `Rs. ${rupees}.${String(paisa % 100).padStart(2, '0')}`;
}

/** The page where a person approves or declines a payment; both buttons post to `action`. */
export function sendDecisionPage(
  res: Response,
  page: { gateway: 'eSewa' | 'Khalti'; rows: Array<[label: string, value: string]>; action: string },
): void {
  const rows = page.rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  sendPage(
    res,
    200,
    `${page.gateway} (simulator)`,
    `<table>${rows}</table>
    <form method="post" action="${escapeHtml(page.action)}">
      <button type="submit" name="outcome" value="approve" class="approve">Approve payment</button>
      <button type="submit" name="outcome" value="decline" class="decline">Decline</button>
    </form>`,
  );
}

export function sendErrorPage(res: Response, status: number, message: string): void {
  sendPage(res, status, 'Payment cannot continue', `<p class="error">${escapeHtml(message)}</p>`);
}

function sendPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // No scripts at all; form-action is left open because the answer redirects to the merchant.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
    .send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
  th { text-align: left; padding-right: 1rem; font-weight: 600; } td, th { padding: .3rem 0; }
  button { font-size: 1rem; padding: .6rem 1.2rem; margin: 1.5rem .5rem 0 0; border: 0; border-radius: 4px; cursor: pointer; }
  .approve { background: #41a124; color: #fff; } .decline { background: #ddd; } .error { color: #b00020; }
  .note { color: #666; font-size: .85rem; margin-top: 2rem; }
</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}
<p class="note">Local gateway simulator for development and tests: no money moves.</p></body>
</html>`);
}
