import type { Walk } from './walk';

/** README "Trainings": an admin builds and publishes a training, a customer finds it. */
export async function trainingWalkthrough(w: Walk): Promise<void> {
  const created = await w.curl('create a training', String.raw`curl -s -XPOST localhost:3001/api/admin/training -H "authorization: Bearer $ADMIN_ACCESS" -H 'content-type: application/json' \
  -d '{"title":"Options basics","mrpPaisa":500000,"spPaisa":400000,"accessType":"lifetime"}'`, { expect: 201 });
  const id = created.body?.data?.id;
  w.check('create a training', Number.isInteger(id) && created.body?.data?.status === 'draft', 'a draft training with an id expected', created);
  w.vars['TRAINING'] = String(id);

  const early = await w.request('publishing without a session or cohort', 'PATCH', `${w.urls.admin}/api/admin/training/${id}`, {
    headers: { authorization: `Bearer ${w.vars['ADMIN_ACCESS']}` },
    json: { status: 'published' },
    expect: 400,
  });
  w.check('publishing without a session or cohort', early.body?.errorCode === 'TRAINING_NOT_PUBLISHABLE', 'errorCode TRAINING_NOT_PUBLISHABLE expected', early);

  await w.curl('add a session', String.raw`curl -s -XPOST localhost:3001/api/admin/training/$TRAINING/sessions -H "authorization: Bearer $ADMIN_ACCESS" \
  -H 'content-type: application/json' -d '{"title":"Calls and puts","type":"recorded","durationMinutes":45}'`, { expect: 201 });
  await w.curl('add a cohort', String.raw`curl -s -XPOST localhost:3001/api/admin/training/$TRAINING/cohorts -H "authorization: Bearer $ADMIN_ACCESS" \
  -H 'content-type: application/json' -d '{"name":"December","capacity":30}'`, { expect: 201 });
  const published = await w.curl('publish', String.raw`curl -s -XPATCH localhost:3001/api/admin/training/$TRAINING -H "authorization: Bearer $ADMIN_ACCESS" \
  -H 'content-type: application/json' -d '{"status":"published"}'`, { expect: 200 });
  w.check('publish', published.body?.data?.status === 'published', 'status published expected', published);

  const found = await w.curl('the customer finds it', String.raw`curl -s 'localhost:3002/api/trainings?search=options&sort=relevance' -H "authorization: Bearer $ACCESS"`, { expect: 200 });
  const card = (found.body?.data ?? []).find((item: { id: number }) => item.id === id);
  w.check('the customer finds it', card?.seatsLeft === 30 && card?.sessionCount === 1, 'the published training with 30 seats and one session expected', found);
}
