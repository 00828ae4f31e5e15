import type { Walk } from './walk';

/**
 * README "Two commands" and "Configuration": every app answers /healthz and /readyz, /metrics only
 * with the METRICS_TOKEN, the three APIs serve /openapi.json and /docs, the jobs dashboard takes
 * JOBS_DASHBOARD_TOKEN, the simulator and the SMTP sink answer on their pages.
 */
export async function platformWalkthrough(w: Walk): Promise<void> {
  for (const app of ['admin', 'customer', 'market', 'jobs'] as const) {
    const base = w.urls[app];
    await w.request(`${app}: healthz`, 'GET', `${base}/healthz`, { expect: 200 });
    await w.request(`${app}: readyz`, 'GET', `${base}/readyz`, { expect: 200 });
    await w.request(`${app}: metrics without the token`, 'GET', `${base}/metrics`, { expect: 401 });
    const metrics = await w.request(`${app}: metrics`, 'GET', `${base}/metrics`, { headers: { authorization: 'Bearer dev-only-metrics-token' }, expect: 200 });
    w.check(`${app}: metrics`, metrics.text.includes('# HELP'), 'not a Prometheus exposition', metrics);
    if (app === 'jobs') continue;
    const openapi = await w.request(`${app}: openapi.json`, 'GET', `${base}/openapi.json`, { expect: 200 });
    w.check(`${app}: openapi.json`, typeof openapi.body?.openapi === 'string' && Object.keys(openapi.body?.paths ?? {}).length > 0, 'not an OpenAPI document with paths', openapi);
    await w.request(`${app}: docs`, 'GET', `${base}/docs/`, { expect: 200 });
  }
  await w.request('jobs dashboard without the token', 'GET', `${w.urls.jobs}/admin/queues`, { expect: 401 });
  await w.request('jobs dashboard', 'GET', `${w.urls.jobs}/admin/queues`, { headers: { authorization: 'Bearer dev-only-dashboard-token' }, expect: 200 });
  const basic = `Basic ${Buffer.from('anyone:dev-only-dashboard-token').toString('base64')}`;
  await w.request('jobs dashboard (Basic, any user name)', 'GET', `${w.urls.jobs}/admin/queues`, { headers: { authorization: basic }, expect: 200 });
  await w.request('SMTP sink page', 'GET', `${w.urls.sink}/`, { expect: 200 });
}

/** README "What is built so far", subscriptions (admin): a grant needs planPriceId or customEndDate. */
export async function subscriptionGrantWalkthrough(w: Walk): Promise<void> {
  const admin = { authorization: `Bearer ${w.vars['ADMIN_ACCESS']}` };
  const customer = await w.request('me (the customer to grant)', 'GET', `${w.urls.customer}/api/auth/me`, { headers: { authorization: `Bearer ${w.vars['ME_ACCESS']}` }, expect: 200 });
  const userId = customer.body?.data?.id;
  const plans = await w.request('subscription plans', 'GET', `${w.urls.admin}/api/admin/subscription-plans`, { headers: admin, expect: 200 });
  const planId = plans.body?.data?.[0]?.id;
  w.check('subscription plans', planId, 'the demo data has no plan', plans);
  const prices = await w.request('plan prices', 'GET', `${w.urls.admin}/api/admin/subscription-plan-prices?planId=${planId}`, { headers: admin, expect: 200 });
  const planPriceId = prices.body?.data?.find((price: { planId: string }) => price.planId === planId)?.id;
  w.check('plan prices', planPriceId, `no price of plan ${planId}`, prices);

  const grant = `${w.urls.admin}/api/admin/subscriptions/grant`;
  const neither = await w.request('grant with neither planPriceId nor customEndDate', 'POST', grant, { headers: admin, json: { userId, planId }, expect: 400 });
  w.check('grant with neither', neither.body?.errorCode === 'SUBSCRIPTION_GRANT_INVALID', 'errorCode SUBSCRIPTION_GRANT_INVALID expected', neither);
  const granted = await w.request('grant with planPriceId', 'POST', grant, { headers: admin, json: { userId, planId, planPriceId, adminNote: 'walkthrough' }, expect: 201 });
  w.check('grant with planPriceId', granted.body?.data?.status === 'active', 'an active subscription expected', granted);
  const access = await w.request('the customer sees the access', 'GET', `${w.urls.customer}/api/subscriptions/access`, { headers: { authorization: `Bearer ${w.vars['ME_ACCESS']}` }, expect: 200 });
  w.check('the customer sees the access', JSON.stringify(access.body?.data ?? '').length > 2, 'empty access', access);
}
