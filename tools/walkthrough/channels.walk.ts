import type { Walk } from './walk';

/** README "Channels", "Channels for members" and "Channel discussions": an admin creates a channel (and repeats the request) and posts; a customer lists, joins and reads it. */
export async function channelsWalkthrough(w: Walk): Promise<void> {
  const createChannel = String.raw`curl -s -XPOST localhost:3001/api/admin/channels -H "authorization: Bearer $ADMIN_ACCESS" -H 'content-type: application/json' \
  -H 'Idempotency-Key: readme-channel-1' -d '{"kind":"BROADCAST","access_policy":"OPEN","visibility":"PUBLIC","title":"Closing bell"}'`;
  const created = await w.curl('create a channel', createChannel, { expect: 201 });
  const id = created.body?.data?.id;
  const config = created.body?.data?.accessPolicyConfig;
  w.check('create a channel', Number.isInteger(id) && created.body?.data?.status === 'active' && config?.channelId === id, 'an active channel with its accessPolicyConfig expected', created);
  w.vars['CHANNEL'] = String(id);

  const again = await w.curl('the same request again', createChannel, { expect: 201 });
  w.check('the same request again', again.body?.data?.id === id, 'the first channel answered again (same Idempotency-Key, same body)', again);

  const reused = await w.request('the same key with another body', 'POST', `${w.urls.admin}/api/admin/channels`, {
    headers: { authorization: `Bearer ${w.vars['ADMIN_ACCESS']}`, 'idempotency-key': 'readme-channel-1' },
    json: { kind: 'BROADCAST', access_policy: 'OPEN', visibility: 'PUBLIC', title: 'Another title' },
    expect: 409,
  });
  w.check('the same key with another body', reused.body?.errorCode === 'CHANNEL_IDEMPOTENCY_MISMATCH', 'errorCode CHANNEL_IDEMPOTENCY_MISMATCH expected', reused);

  const posted = await w.curl('post to it', String.raw`curl -s -XPOST localhost:3001/api/admin/channels/$CHANNEL/posts -H "authorization: Bearer $ADMIN_ACCESS" -H 'content-type: application/json' \
  -H 'Idempotency-Key: readme-post-1' -d '{"type":"TEXT","body_text":"NEPSE closed 0.8% higher on banking gains"}'`, { expect: 201 });
  const postId = posted.body?.data?.id;
  w.check('post to it', Number.isInteger(postId) && posted.body?.data?.type === 'TEXT', 'a TEXT post with an id expected', posted);

  const listed = await w.curl('read its posts oldest first', String.raw`curl -s "localhost:3001/api/admin/channels/$CHANNEL/posts?after_id=0&limit=20" -H "authorization: Bearer $ADMIN_ACCESS"`, { expect: 200 });
  const page = listed.body?.data;
  w.check(
    'read its posts oldest first',
    page?.items?.length === 1 && page.items[0].id === postId && page.has_more === false && page.count === 1,
    'one post and has_more false expected',
    listed,
  );

  const listed2 = await w.curl('members: list channels anonymously', String.raw`curl -s localhost:3002/api/mobile/channels`, { expect: 200 });
  const item = (listed2.body?.data?.items ?? []).find((candidate: { id: number }) => candidate.id === id);
  w.check('members: list channels anonymously', item?.isJoined === false && item?.lastPostId === postId, 'the open channel with lastPostId expected', listed2);

  const joined = await w.curl('members: join it', String.raw`curl -s -XPOST localhost:3002/api/mobile/channels/$CHANNEL/join -H "authorization: Bearer $ACCESS"`, { expect: 200 });
  w.check('members: join it', joined.body?.data?.isJoined === true && joined.body?.data?.channelId === id, 'isJoined true expected', joined);

  const read = await w.curl('members: read its posts', String.raw`curl -s "localhost:3002/api/mobile/channels/$CHANNEL/posts?limit=20" -H "authorization: Bearer $ACCESS"`, { expect: 200 });
  w.check('members: read its posts', read.body?.data?.items?.[0]?.id === postId, 'the post expected', read);

  const said = await w.curl(
    'discussion: post a message',
    String.raw`curl -s -XPOST localhost:3002/api/mobile/channels/$CHANNEL/discussion/messages -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' -d '{"body":"Banks led the gains today"}'`,
    { expect: 201 },
  );
  w.check('discussion: post a message', said.body?.data?.authorType === 'USER' && said.body?.data?.body === 'Banks led the gains today', 'the USER message expected', said);

  const talk = await w.curl(
    'discussion: read it, compact, newest first',
    String.raw`curl -s "localhost:3002/api/mobile/channels/$CHANNEL/discussion/messages?limit=20&view=compact" -H "authorization: Bearer $ACCESS"`,
    { expect: 200 },
  );
  const first = talk.body?.data?.items?.[0];
  w.check('discussion: read it, compact, newest first', first?.id === said.body?.data?.id && first?.discussionId === undefined, 'the message in the compact view expected', talk);
}
