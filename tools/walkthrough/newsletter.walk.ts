import type { Answer, Walk } from './walk';

/** README "Newsletter": the demo series read publicly and in full, then an admin writes, publishes, lists and sends an item, and lists the premium subscribers. */
export async function newsletterWalkthrough(w: Walk): Promise<void> {
  const series = await w.curl('newsletter: the public series list', String.raw`curl -s localhost:3002/api/content/series`, { expect: 200 });
  w.check(
    'newsletter: the public series list',
    (series.body?.data ?? []).some((entry: { slug: string }) => entry.slug === 'nepse-weekly'),
    'the demo series nepse-weekly expected',
    series,
  );

  const preview = await w.curl('newsletter: a premium item’s preview', String.raw`curl -s localhost:3002/api/content/items/nepse-weekly-portfolio-picks`, { expect: 200 });
  w.check('newsletter: a premium item’s preview', preview.body?.data?.tier === 'premium' && preview.body?.data?.body === null, 'tier premium and no body expected', preview);

  const reader = await w.curl('newsletter: a new reader signs up', String.raw`curl -s -XPOST localhost:3002/api/auth/register -H 'content-type: application/json' \
  -d '{"email":"reader@example.com","password":"a long passphrase","fullName":"Reader"}'`, { expect: 201 });
  w.vars['READER'] = reader.body?.data?.accessToken;
  w.check('newsletter: a new reader signs up', typeof w.vars['READER'] === 'string', 'an access token expected', reader);

  const denied = await w.curl('newsletter: the premium item in full, without a subscription', String.raw`curl -s localhost:3002/api/content/items/nepse-weekly-portfolio-picks/full -H "authorization: Bearer $READER"`, { expect: 403 });
  w.check('newsletter: the premium item in full, without a subscription', denied.body?.errorCode === 'CONTENT_ACCESS_DENIED', 'CONTENT_ACCESS_DENIED expected', denied);

  const free = await w.curl('newsletter: the free item in full', String.raw`curl -s localhost:3002/api/content/items/nepse-weekly-market-wrap/full -H "authorization: Bearer $READER"`, { expect: 200 });
  w.check('newsletter: the free item in full', typeof free.body?.data?.body === 'string' && free.body.data.tier === null, 'the body of a free item expected', free);

  const created = await w.curl('newsletter: an admin creates a series', String.raw`curl -s -XPOST localhost:3001/api/admin/content-series -H "authorization: Bearer $ADMIN_ACCESS" -H 'content-type: application/json' \
  -d '{"title":"Morning brief"}'`, { expect: 201 });
  w.vars['SERIES'] = String(created.body?.data?.id);
  w.check('newsletter: an admin creates a series', created.body?.data?.slug === 'morning-brief' && created.body?.data?.status === 'active', 'slug morning-brief, active expected', created);

  const item = await w.curl('newsletter: and a draft item in it', String.raw`curl -s -XPOST localhost:3001/api/admin/content-items -H "authorization: Bearer $ADMIN_ACCESS" -H 'content-type: application/json' \
  -d "{\"seriesId\":$SERIES,\"title\":\"Banks open higher\",\"body\":\"Turnover rose on bank buying.\"}"`, { expect: 201 });
  w.vars['ITEM'] = String(item.body?.data?.id);
  w.check('newsletter: and a draft item in it', item.body?.data?.status === 'draft', 'a draft item expected', item);

  const published = await w.curl('newsletter: publish it', String.raw`curl -s -XPOST localhost:3001/api/admin/content-items/$ITEM/publish -H "authorization: Bearer $ADMIN_ACCESS"`, { expect: 200 });
  w.check('newsletter: publish it', published.body?.data?.status === 'published' && published.body?.data?.publishedAt, 'published with a publishedAt expected', published);

  const listed = await w.curl('newsletter: readers see it', String.raw`curl -s "localhost:3002/api/content/items?series=morning-brief"`, { expect: 200 });
  w.check('newsletter: readers see it', listed.body?.data?.[0]?.slug === 'banks-open-higher' && listed.body?.count === 1, 'the published item expected', listed);

  const sent = await w.curl('newsletter: send it by email', String.raw`curl -s -XPOST localhost:3001/api/admin/content-items/$ITEM/send-email -H "authorization: Bearer $ADMIN_ACCESS"`, { expect: 202 });
  w.check('newsletter: send it by email', sent.body?.data?.jobId === `newsletter:email:${w.vars['ITEM']}`, 'the send’s status under job id newsletter:email:{id} expected', sent);
  let deliveries: Answer | undefined;
  await w.poll('newsletter: the jobs app sends it', 60_000, async () => {
    deliveries = await w.peek(`${w.urls.admin}/api/admin/content-items/${w.vars['ITEM']}/deliveries`, { authorization: `Bearer ${w.vars['ADMIN_ACCESS']}` });
    return deliveries.body?.data?.email?.status === 'sent' ? true : undefined;
  }, () => `the email send never reached status sent: ${JSON.stringify(deliveries?.body?.data ?? deliveries?.body)}`);

  const subscribers = await w.curl('newsletter: the premium subscribers', String.raw`curl -s "localhost:3001/api/admin/content-items/subscribers?tier=premium" -H "authorization: Bearer $ADMIN_ACCESS"`, { expect: 200 });
  w.check(
    'newsletter: the premium subscribers',
    Array.isArray(subscribers.body?.data) && subscribers.body.data.every((row: { tier: string }) => row.tier === 'premium'),
    'a list of premium holders expected',
    subscribers,
  );
}
