import type { Answer, Walk } from './walk';

const CHECKOUT = String.raw`curl -s -XPOST localhost:3002/api/orders/checkout -H "authorization: Bearer $ACCESS" \
  -H 'content-type: application/json' -H "Idempotency-Key: $(date +%s)" \
  -d '{"gateway":"esewa","returnUrl":"http://localhost:3002/api/payments/return-demo"}'`;
const DECIDE_STDIN = String.raw`jq '.data.gatewayPayload + {outcome:"approve"}' checkout.json |`;
const DECIDE = String.raw`curl -s -XPOST
localhost:3005/__sim/esewa/$(jq -r .data.gatewayTransactionId checkout.json)/decide -H
'content-type: application/json' -d @-`;
const LIBRARY = String.raw`curl -s
localhost:3002/api/me/library -H "authorization: Bearer $ACCESS"`;

/**
 * README "Buy the demo course in a browser", without the browser as it says: sita logs in, puts
 * NEPSE Basics in her cart, checks out with eSewa, approves on the simulator's decide route, and
 * the walkthrough follows the redirects the browser would, until the order is paid, the library
 * lists the course and the SMTP sink holds the "Payment received" mail.
 */
export async function purchaseWalkthrough(w: Walk): Promise<void> {
  const login = await w.curl('login as sita', String.raw`curl -s -XPOST localhost:3002/api/auth/login -H 'content-type: application/json' \
  -d '{"email":"sita@example.com","password":"sita-demo-password"}'`, { expect: 200 });
  w.vars['ACCESS'] = login.body?.data?.accessToken;
  w.check('login as sita', w.vars['ACCESS'], 'no accessToken', login);

  const course = await w.curl('find nepse-basics', 'curl -s localhost:3002/api/courses/nepse-basics', { expect: 200 });
  const productId = course.body?.data?.productId;
  w.check('find nepse-basics', Number.isInteger(productId), 'data.productId is not an integer', course);
  w.vars['PRODUCT'] = JSON.stringify(productId);

  await w.curl('add to cart', String.raw`curl -s -XPOST localhost:3002/api/cart/items -H "authorization: Bearer $ACCESS" \
  -H 'content-type: application/json' -d "{\"productId\":$PRODUCT}"`, { expect: [200, 201] });

  const checkout = await w.curl('checkout with eSewa', CHECKOUT, {
    expect: [200, 201],
    replace: { '$(date +%s)': String(Math.floor(Date.now() / 1000)), 'http://localhost:3002/': `${w.urls.customer}/` },
  });
  const data = checkout.body?.data ?? {};
  w.check('checkout with eSewa', data.initiationType === 'form_post', 'the README says initiationType "form_post"', checkout);
  w.check('checkout with eSewa', String(data.redirectUrl).startsWith(`${w.urls.sim}/`), `redirectUrl should be the simulator's form on the scratch port (${w.urls.sim})`, checkout);

  w.readmeShows('decide on the simulator', `${DECIDE_STDIN} ${DECIDE}`);
  const decided = await w.curl('decide on the simulator', DECIDE, {
    expect: 200,
    replace: { '$(jq -r .data.gatewayTransactionId checkout.json)': data.gatewayTransactionId },
    stdin: JSON.stringify({ ...data.gatewayPayload, outcome: 'approve' }),
  });
  await followPayment(w, 'sita', decided.body?.location, data, w.vars['ACCESS']);

  const library = await w.curl('library lists the course', LIBRARY, { expect: 200 });
  w.check('library lists the course', JSON.stringify(library.body?.data ?? '').includes(`"productId":${productId}`), `product ${productId} is not in the library`, library);

  const order = await w.peek(`${w.urls.customer}/api/orders/${data.orderId}`, { authorization: `Bearer ${w.vars['ACCESS']}` });
  const subject = `Payment received for order ${order.body?.data?.orderNumber}`;
  let mails: Answer | undefined;
  await w.poll('the SMTP sink received the purchase email', 60_000, async () => {
    mails = await w.peek(`${w.urls.sink}/api/mails`);
    const found = (mails.body ?? []).find((mail: { to: string[]; subject: string }) => mail.to.includes('sita@example.com') && mail.subject === subject);
    return found ? true : undefined;
  }, () => `no mail "${subject}" to sita@example.com; the sink has: ${(mails?.body ?? []).map((m: { subject: string }) => m.subject).join(' | ')}`);
}

/**
 * What a browser does after the gateway: GET the callback `location` (302 to the result page),
 * poll the payment's state (the page reloads itself; its status route says why), then the page
 * forwards to the returnUrl, the demo return page; the order ends `paid`.
 */
export async function followPayment(w: Walk, who: string, location: unknown, checkout: { orderId: number; paymentId: number }, token: string): Promise<void> {
  w.check(`${who}: callback`, typeof location === 'string' && location.startsWith(`${w.urls.customer}/api/payments/redirect/${checkout.paymentId}/success`),
    `location should be customer-api's success callback for payment ${checkout.paymentId}, got ${String(location)}`);
  const callback = await w.request(`${who}: follow the location`, 'GET', location as string, { expect: 302 });
  const result = new URL(callback.headers.get('location') ?? '', w.urls.customer);
  w.check(`${who}: follow the location`, result.pathname === '/api/payments/result', `302 to /api/payments/result expected, got ${result}`, callback);
  await w.request(`${who}: result page`, 'GET', result.toString(), { expect: 200 });

  const statusUrl = `${w.urls.customer}/api/payments/${checkout.paymentId}/status?token=${encodeURIComponent(result.searchParams.get('token') ?? '')}`;
  let last: Answer | undefined;
  await w.poll(`${who}: payment state is success`, 60_000, async () => {
    last = await w.peek(statusUrl);
    return last.body?.data?.state === 'success' ? true : undefined;
  }, () => `GET ${statusUrl} → ${last?.status} ${last?.text}`);

  const page = await w.request(`${who}: result page forwards to the returnUrl`, 'GET', result.toString(), { expect: 200 });
  const forward = /http-equiv="refresh" content="\d+;\s*url=([^"]+)"/i.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
  w.check(`${who}: result page forwards to the returnUrl`, forward?.startsWith(`${w.urls.customer}/api/payments/return-demo`), 'no refresh to the demo return page', page);
  await w.request(`${who}: demo return page`, 'GET', forward as string, { expect: 200 });

  let order: Answer | undefined;
  await w.poll(`${who}: order ${checkout.orderId} is paid`, 60_000, async () => {
    order = await w.peek(`${w.urls.customer}/api/orders/${checkout.orderId}`, { authorization: `Bearer ${token}` });
    return order.body?.data?.status === 'paid' ? true : undefined;
  }, () => `GET /api/orders/${checkout.orderId} → ${order?.status} ${order?.text.slice(0, 300)}`);
}
