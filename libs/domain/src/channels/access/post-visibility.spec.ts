import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import { createChannel, createChannelPost, testContainer } from '@platform/testing';
import { HistorySettings, historyVisibility, isVisible, PostVisibility, visibilitySql } from './post-visibility';

const DAY = 86_400_000;
const T0 = Date.parse('2025-06-01T12:00:00.000Z');
const day = (n: number) => new Date(T0 + n * DAY);
const interval = (from: number, to: number) => ({ from: day(from), to: day(to) });
const settings = (first: HistorySettings['firstSubscribeHistoryPolicy'], backfill: number, preserve: boolean): HistorySettings => ({
  firstSubscribeHistoryPolicy: first,
  resubscribeBackfillDays: backfill,
  preservePriorEntitledHistory: preserve,
});

/** community-content-uploads.md "Meaning of history settings"; issue 22 "History visibility". */
describe('historyVisibility', () => {
  const first = [interval(-10, 20)];
  const again = [interval(-60, -50), interval(-40, -30), interval(-10, 20)];

  it('a first-time subscriber under NO_PAST sees posts from the first entitlement start on, whatever the re-subscription settings', () => {
    for (const [backfill, preserve] of [[0, true], [30, false]] as const) {
      expect(historyVisibility(settings('NO_PAST', backfill, preserve), first, 0)).to.deep.equal({ all: false, ranges: [{ from: day(-10), to: null }] });
    }
  });

  it('a first-time subscriber under ALLOW_PAST sees every post', () => {
    expect(historyVisibility(settings('ALLOW_PAST', 0, false), first, 0)).to.deep.equal({ all: true });
  });

  it('the first interval stays "first" while a later one is only scheduled', () => {
    expect(historyVisibility(settings('NO_PAST', 5, true), [interval(-10, 20), interval(40, 70)], 0)).to.deep.equal({ all: false, ranges: [{ from: day(-10), to: null }] });
  });

  it('re-subscription with backfill 0 and no preserve: posts from the new start only', () => {
    expect(historyVisibility(settings('NO_PAST', 0, false), again, 2)).to.deep.equal({ all: false, ranges: [{ from: day(-10), to: null }] });
  });

  it('re-subscription with backfill N days: posts from N days before the new start', () => {
    expect(historyVisibility(settings('NO_PAST', 3, false), again, 2)).to.deep.equal({ all: false, ranges: [{ from: day(-13), to: null }] });
  });

  it('preserve true keeps every earlier entitled interval, besides the backfilled tail', () => {
    expect(historyVisibility(settings('NO_PAST', 3, true), again, 2)).to.deep.equal({
      all: false,
      ranges: [
        { from: day(-60), to: day(-50) },
        { from: day(-40), to: day(-30) },
        { from: day(-13), to: null },
      ],
    });
  });

  it('preserve keeps only intervals before the current one (the second of three is current)', () => {
    expect(historyVisibility(settings('NO_PAST', 0, true), again.slice(0, 2).concat(interval(40, 70)), 1)).to.deep.equal({
      all: false,
      ranges: [{ from: day(-60), to: day(-50) }, { from: day(-40), to: null }],
    });
  });

  it('ALLOW_PAST is a first-subscription rule: a re-subscriber gets the backfill and preserve rules only', () => {
    for (const preserve of [true, false]) {
      expect(historyVisibility(settings('ALLOW_PAST', 3, preserve), again, 2)).to.deep.equal(historyVisibility(settings('NO_PAST', 3, preserve), again, 2));
    }
  });
});

describe('visibilitySql (PostgreSQL) and isVisible', () => {
  let container: ContainerInstance;
  let db: Database;

  before(async () => {
    container = await testContainer('post-visibility-spec');
    db = container.get(Database);
  });

  /** Rows (id, published_at) from text instants (microseconds allowed), with the condition's answer per row. */
  const judge = async (visibility: PostVisibility, instants: string[]) => {
    const { where, replacements } = visibilitySql(visibility, 'p.published_at');
    const values = instants.map((_, i) => `(${i + 1}, CAST(:at${i} AS timestamptz))`).join(', ');
    const params = Object.fromEntries(instants.map((instant, i) => [`at${i}`, instant]));
    return db.sequelize.query<{ id: number; publishedAt: Date; visible: boolean }>(
      `SELECT p.id, p.published_at AS "publishedAt", (${where}) AS visible FROM (VALUES ${values}) AS p(id, published_at) ORDER BY p.id`,
      { replacements: { ...replacements, ...params }, type: QueryTypes.SELECT },
    );
  };
  const visibleIds = async (visibility: PostVisibility, instants: string[]) =>
    (await judge(visibility, instants)).filter((row) => row.visible).map((row) => row.id);
  const ranges = (...list: [Date | null, Date | null][]): PostVisibility => ({ all: false, ranges: list.map(([from, to]) => ({ from, to })) });

  it('the multirange literal parses into the half-open ranges, unbounded ends open, overlapping ranges merged', async () => {
    const { replacements } = visibilitySql(ranges([null, day(-50)], [day(-40), day(-30)], [day(-35), day(-20)], [day(-10), null]), 'x');
    const parts = await db.sequelize.query<{ lower: Date | null; upper: Date | null; lowerInc: boolean; upperInc: boolean }>(
      `SELECT lower(r) AS lower, upper(r) AS upper, lower_inc(r) AS "lowerInc", upper_inc(r) AS "upperInc"
       FROM unnest(CAST(:visibleRanges AS tstzmultirange)) AS r ORDER BY lower(r) NULLS FIRST`,
      { replacements, type: QueryTypes.SELECT },
    );
    expect(parts).to.deep.equal([
      { lower: null, upper: day(-50), lowerInc: false, upperInc: false },
      { lower: day(-40), upper: day(-20), lowerInc: true, upperInc: false },
      { lower: day(-10), upper: null, lowerInc: true, upperInc: false },
    ]);
  });

  it('a post exactly at an interval start is visible, exactly at its end is not (to the microsecond)', async () => {
    const from = day(-40).toISOString();
    const to = day(-30).toISOString();
    const instants = [from, to, '2025-04-22T11:59:59.999999Z', '2025-05-02T11:59:59.999999Z', '2025-04-22T12:00:00.000001Z'];
    expect(day(-40).toISOString()).to.equal('2025-04-22T12:00:00.000Z');
    expect(await visibleIds(ranges([day(-40), day(-30)]), instants)).to.deep.equal([1, 4, 5]);
  });

  it('unbounded ends reach the far past and the far future', async () => {
    const instants = ['1970-01-01T00:00:00Z', '2200-01-01T00:00:00Z', day(-45).toISOString()];
    expect(await visibleIds(ranges([null, day(-50)]), instants)).to.deep.equal([1]);
    expect(await visibleIds(ranges([day(-10), null]), instants)).to.deep.equal([2]);
    expect(await visibleIds(ranges([null, null]), instants)).to.deep.equal([1, 2, 3]);
  });

  it('all is every post, no range is no post, and an empty range is dropped rather than refused', async () => {
    const instants = ['1970-01-01T00:00:00Z', day(0).toISOString()];
    expect(visibilitySql({ all: true }, 'p.published_at').where).to.equal('TRUE');
    expect(await visibleIds({ all: true }, instants)).to.deep.equal([1, 2]);
    expect(await visibleIds(ranges(), instants)).to.deep.equal([]);
    expect(await visibleIds(ranges([day(1), day(-1)], [day(0), day(0)]), instants)).to.deep.equal([]);
  });

  it('filters a post page in the query: the caller\'s ORDER BY id stays, limit and has_more stay exact', async () => {
    const channel = await createChannel();
    // Created (so numbered) in an order unlike their publishedAt order.
    const offsets = [-5, -45, -35, 1, -55, -12, -70, -32];
    const posts = [];
    for (const offset of offsets) posts.push(await createChannelPost(channel.id, { publishedAt: day(offset) }));
    const visibility = ranges([day(-60), day(-50)], [day(-40), day(-30)], [day(-13), null]);
    const { where, replacements } = visibilitySql(visibility, 'p.published_at', 'pageRanges');
    const page = (limit: number) =>
      db.sequelize.query<{ id: string }>(`SELECT p.id FROM channel_posts p WHERE p.channel_id = :channelId AND ${where} ORDER BY p.id DESC LIMIT :limit`, {
        replacements: { ...replacements, channelId: channel.id, limit },
        type: QueryTypes.SELECT,
      });
    const expected = posts.filter((post) => isVisible(visibility, post.publishedAt)).map((post) => String(post.id)).reverse();
    expect(expected).to.have.length(6);
    const rows = await page(4);
    expect(rows.map((row) => String(row.id))).to.deep.equal(expected.slice(0, 4));
    expect(await page(7)).to.have.length(6); // limit + 1 fetched, 6 come: has_more false, exactly
  });

  it('isVisible agrees with visibilitySql on the same inputs, at every boundary and between', async () => {
    const edges = [day(-60), day(-50), day(-40), day(-30), day(-13)].flatMap((edge) => {
      const iso = edge.toISOString();
      const ms = (delta: number) => new Date(edge.getTime() + delta).toISOString();
      return [iso, ms(-1), ms(1), iso.replace('.000Z', '.000001Z'), ms(-1).replace('Z', '999Z')];
    });
    const instants = [...edges, '1970-01-01T00:00:00Z', '2200-01-01T00:00:00Z', day(-20).toISOString()];
    const visibilities: PostVisibility[] = [
      { all: true },
      ranges(),
      ranges([day(-13), null]),
      ranges([null, day(-50)], [day(-40), day(-30)]),
      ranges([day(-60), day(-50)], [day(-40), day(-30)], [day(-13), null]),
      ranges([day(-60), day(-30)], [day(-40), day(-13)]),
    ];
    for (const visibility of visibilities) {
      const rows = await judge(visibility, instants);
      expect(rows).to.have.length(instants.length);
      for (const row of rows) {
        expect(isVisible(visibility, row.publishedAt), `${instants[row.id - 1]} in ${JSON.stringify(visibility)}`).to.equal(row.visible);
      }
    }
  });
});
