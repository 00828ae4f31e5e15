import { followPayment } from './purchase.walk';
import type { Walk } from './walk';

/**
 * README "Buy the demo course in a browser", the browser's way, for ram: the page the README's
 * `node -e` writes posts `data.gatewayPayload` as a form to `data.redirectUrl`; the simulator's
 * page then has Approve and Decline buttons posting `outcome` to its form action.
 */
export async function browserPurchaseWalkthrough(w: Walk): Promise<void> {
  w.readmeShows('the auto-submitting page', '`<form method="post" action="${d.redirectUrl}">` + Object.entries(d.gatewayPayload)');
  w.readmeShows('the simulator page', 'Click **Approve** on the simulator page (http://localhost:3005)');
  const login = await w.request('login as ram', 'POST', `${w.urls.customer}/api/auth/login`, {
    json: { email: 'ram@example.com', password: 'ram-demo-password' },
    expect: 200,
  });
  const ram = { authorization: `Bearer ${login.body?.data?.accessToken}` };
  const course = await w.request('find nepse-basics', 'GET', `${w.urls.customer}/api/courses/nepse-basics`, { expect: 200 });
  await w.request('add to cart', 'POST', `${w.urls.customer}/api/cart/items`, { headers: ram, json: { productId: course.body?.data?.productId }, expect: [200, 201] });
  const checkout = await w.request('checkout with eSewa', 'POST', `${w.urls.customer}/api/orders/checkout`, {
    headers: { ...ram, 'idempotency-key': `walkthrough-ram-${Date.now()}` },
    json: { gateway: 'esewa', returnUrl: `${w.urls.customer}/api/payments/return-demo` },
    expect: [200, 201],
  });
  const data = checkout.body?.data ?? {};

  const form = new URLSearchParams(Object.entries(data.gatewayPayload ?? {}).map(([key, value]): [string, string] => [key, String(value)]));
  const page = await w.request('post the form to redirectUrl', 'POST', data.redirectUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    expect: 200,
  });
  const action = /<form method="post" action="([^"]+)">/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
  w.check('post the form to redirectUrl', action && page.text.includes('value="approve"'), 'the simulator page has no Approve form', page);
  const approved = await w.request('click Approve', 'POST', new URL(action as string, data.redirectUrl).toString(), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
    expect: 302,
  });
  await followPayment(w, 'ram', approved.headers.get('location'), data, login.body?.data?.accessToken);
}
