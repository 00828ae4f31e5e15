import { sqlMigration } from './migration';

/**
 * Newsletter delivery (community-content-uploads.md "Events": `newsletter:email:{contentItemId}`
 * and `newsletter:push:{contentItemId}` on the notifications queue; issue 24 "Delivery"):
 *
 * - A send is an outbox event for the item's readers (audience `content_readers`, the item named
 *   by `content_item_id`), recorded once per item and channel by its dedupe key, which is also its
 *   job id. Its recipients get one notification_deliveries row each (event, channel, user), the
 *   existing unique key: a restarted job skips those already sent.
 * - `newsletter_unsubscribes`: users who took the one-click unsubscribe (RFC 8058) get no newsletter
 *   email; push is not affected.
 */
const UP = `
  ALTER TABLE notification_events
    ADD COLUMN content_item_id integer REFERENCES content_items (id) ON DELETE CASCADE,
    DROP CONSTRAINT notification_events_audience_check,
    ADD CONSTRAINT notification_events_audience_check CHECK (audience IN ('customer', 'admins', 'channel_members', 'content_readers')),
    ADD CONSTRAINT notification_events_audience_content_item CHECK ((audience = 'content_readers') = (content_item_id IS NOT NULL));
  CREATE INDEX notification_events_content_item_idx ON notification_events (content_item_id) WHERE content_item_id IS NOT NULL;

  CREATE TABLE newsletter_unsubscribes (
    user_id          uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    unsubscribed_at  timestamptz NOT NULL DEFAULT now()
  );
`;

const DOWN = `
  DROP TABLE newsletter_unsubscribes;
  DELETE FROM notification_events WHERE audience = 'content_readers';
  ALTER TABLE notification_events
    DROP CONSTRAINT notification_events_audience_content_item,
    DROP CONSTRAINT notification_events_audience_check,
    ADD CONSTRAINT notification_events_audience_check CHECK (audience IN ('customer', 'admins', 'channel_members')),
    DROP COLUMN content_item_id;
`;

export default sqlMigration('0020-newsletter-delivery', UP, DOWN);
