import type { ChannelAccessPolicy, ChannelHistoryPolicy, ChannelPostType } from '@platform/db';
import { DEMO_SIGNALS_FEATURE_KEY } from './subscriptions.seeder';

export interface DemoAttachment {
  /** Stable, so a second run finds the object it stored (the upload API's shape is `<prefix><yyyy>/<mm>/<uuid>.<ext>`). */
  storageKey: string;
  fileName: string;
  mimeType: string;
  body: Buffer;
}

export interface DemoPost {
  type: ChannelPostType;
  bodyText: string | null;
  linkUrl?: string;
  chartPayloadJson?: Record<string, unknown>;
  attachments?: DemoAttachment[];
  pinned?: boolean;
}

export interface DemoChannel {
  /** The channel is found by its title. */
  title: string;
  slug: string;
  description: string;
  accessPolicy: ChannelAccessPolicy;
  policy: { firstSubscribeHistoryPolicy: ChannelHistoryPolicy; resubscribeBackfillDays: number; requiredFeatureKey: string | null };
}

/** A 1×1 PNG: small, and a real image for whoever opens the signed URL. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const DEMO_CHANNELS: DemoChannel[] = [
  {
    title: 'NEPSE Market Updates',
    slug: 'market-updates',
    description: 'Daily index moves, turnover and notable announcements. Open to everyone.',
    accessPolicy: 'OPEN',
    policy: { firstSubscribeHistoryPolicy: 'ALLOW_PAST', resubscribeBackfillDays: 0, requiredFeatureKey: null },
  },
  {
    title: 'Market Signals',
    slug: 'market-signals',
    description: 'Buy and sell signals with entry, target and stop levels, for NEPSE Insights subscribers.',
    accessPolicy: 'EXTERNAL_GATED',
    policy: { firstSubscribeHistoryPolicy: 'NO_PAST', resubscribeBackfillDays: 7, requiredFeatureKey: DEMO_SIGNALS_FEATURE_KEY },
  },
];

/** One post of every type, oldest first (ids, the cursor, follow this order). */
export function demoPosts(channel: DemoChannel): DemoPost[] {
  const folder = `demo/channels/${channel.slug}`;
  return [
    { type: 'TEXT', bodyText: `Welcome to ${channel.title}. Posts arrive here as the market moves.`, pinned: true },
    { type: 'LINK', bodyText: 'Today’s NEPSE summary on the exchange site.', linkUrl: 'https://www.nepalstock.com.np/' },
    {
      type: 'CHART',
      bodyText: 'NEPSE index, last five sessions.',
      chartPayloadJson: {
        kind: 'line',
        symbol: 'NEPSE',
        points: [
          { date: '2026-11-20', value: 2651.4 },
          { date: '2026-11-23', value: 2668.9 },
          { date: '2026-11-24', value: 2642.1 },
          { date: '2026-11-25', value: 2677.5 },
          { date: '2026-11-26', value: 2690.2 },
        ],
      },
    },
    {
      type: 'IMAGE',
      bodyText: 'Sector heat map and the banking sector’s breakout.',
      attachments: [
        { storageKey: `uploads/image/${folder}/sector-heatmap.png`, fileName: 'sector-heatmap.png', mimeType: 'image/png', body: PNG },
        { storageKey: `uploads/image/${folder}/banking-breakout.png`, fileName: 'banking-breakout.png', mimeType: 'image/png', body: PNG },
      ],
    },
    {
      type: 'FILE',
      bodyText: null,
      attachments: [
        {
          storageKey: `uploads/file/${folder}/watchlist.csv`,
          fileName: 'watchlist.csv',
          mimeType: 'text/csv',
          body: Buffer.from('symbol,sector,note\nNABIL,commercial_banks,above 20-day average\nNTC,others,dividend book close soon\n'),
        },
      ],
    },
  ];
}
