import { sqlMigration } from './migration';

/**
 * Community channels, part 1 (community-content-uploads.md "Channel", "Channel post", "Channel
 * status"; issue 21):
 *
 * - `channels`: the status carries exactly its metadata (archive fields only while archived,
 *   delete fields and `purge_after` only while soft-deleted). `event_seq` numbers the channel's
 *   realtime deltas (post.created, ...), bumped in the write's transaction, so a client that sees
 *   a gap in `seq` knows it missed one and resyncs from the cursor routes.
 * - `channel_access_policies`: one per channel. It repeats the channel's `access_policy` under a
 *   foreign key to (id, access_policy), so the CHECK "a gated channel names its feature key" is a
 *   row constraint and cannot be dodged.
 * - `channel_posts`: ids from one sequence are the cursor. The per-type shape is a CHECK, with
 *   `attachment_count` standing for the attachment rows; a deferred constraint trigger keeps the
 *   count equal to the rows at commit. A deleted post is a tombstone and is never pinned.
 * - `channel_discussions`: the discussion every channel is created with (CONTRACT section 10:
 *   enabled, no feature, slow mode off); part 3 fills in messages.
 */
const UP = `
  CREATE TABLE channels (
    id                   serial PRIMARY KEY,
    kind                 text NOT NULL CHECK (kind IN ('BROADCAST', 'PREMIUM_VIEW_ONLY')),
    access_policy        text NOT NULL CHECK (access_policy IN ('OPEN', 'EXTERNAL_GATED')),
    visibility           text NOT NULL CHECK (visibility IN ('PUBLIC', 'PRIVATE')),
    status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived', 'soft_deleted')),
    title                text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200 AND title = btrim(title)),
    description          text CHECK (length(description) <= 5000),
    created_by_admin_id  text NOT NULL CHECK (length(created_by_admin_id) BETWEEN 1 AND 255),
    archived_at          timestamptz,
    archived_by_admin_id text CHECK (length(archived_by_admin_id) BETWEEN 1 AND 255),
    deleted_at           timestamptz,
    deleted_by_admin_id  text CHECK (length(deleted_by_admin_id) BETWEEN 1 AND 255),
    purge_after          timestamptz,
    event_seq            bigint NOT NULL DEFAULT 0 CHECK (event_seq >= 0),
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT channels_status_metadata CHECK (
      CASE status
        WHEN 'active' THEN archived_at IS NULL AND archived_by_admin_id IS NULL
                       AND deleted_at IS NULL AND deleted_by_admin_id IS NULL AND purge_after IS NULL
        WHEN 'archived' THEN archived_at IS NOT NULL AND archived_by_admin_id IS NOT NULL
                       AND deleted_at IS NULL AND deleted_by_admin_id IS NULL AND purge_after IS NULL
        WHEN 'soft_deleted' THEN archived_at IS NULL AND archived_by_admin_id IS NULL
                       AND deleted_at IS NOT NULL AND deleted_by_admin_id IS NOT NULL
      END),
    CONSTRAINT channels_id_policy_key UNIQUE (id, access_policy)
  );
  -- The admin list's keysets (sort by createdAt or updatedAt, ties by id), with and without a status filter.
  CREATE INDEX channels_created_idx ON channels (created_at, id);
  CREATE INDEX channels_updated_idx ON channels (updated_at, id);
  CREATE INDEX channels_status_created_idx ON channels (status, created_at, id);
  CREATE INDEX channels_status_updated_idx ON channels (status, updated_at, id);
  CREATE INDEX channels_purge_idx ON channels (purge_after) WHERE status = 'soft_deleted' AND purge_after IS NOT NULL;

  CREATE TABLE channel_access_policies (
    channel_id                      integer PRIMARY KEY,
    access_policy                   text NOT NULL,
    first_subscribe_history_policy  text NOT NULL DEFAULT 'NO_PAST' CHECK (first_subscribe_history_policy IN ('NO_PAST', 'ALLOW_PAST')),
    resubscribe_backfill_days       integer NOT NULL DEFAULT 0 CHECK (resubscribe_backfill_days BETWEEN 0 AND 3650),
    preserve_prior_entitled_history boolean NOT NULL DEFAULT true,
    required_feature_key            text CHECK (required_feature_key ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$'),
    updated_by_admin_id             text NOT NULL CHECK (length(updated_by_admin_id) BETWEEN 1 AND 255),
    updated_at                      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT channel_access_policies_channel_fkey FOREIGN KEY (channel_id, access_policy)
      REFERENCES channels (id, access_policy) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT channel_access_policies_gate_named CHECK (access_policy <> 'EXTERNAL_GATED' OR required_feature_key IS NOT NULL)
  );

  CREATE TABLE channel_posts (
    id                  bigserial PRIMARY KEY,
    channel_id          integer NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    type                text NOT NULL CHECK (type IN ('TEXT', 'LINK', 'CHART', 'IMAGE', 'FILE')),
    body_text           text CHECK (length(btrim(body_text)) >= 1 AND length(body_text) <= 20000),
    link_url            text CHECK (link_url ~* '^https?://[^\\s/]+' AND length(link_url) <= 2048),
    chart_payload_json  jsonb CHECK (jsonb_typeof(chart_payload_json) = 'object' AND octet_length(chart_payload_json::text) <= 262144),
    attachment_count    smallint NOT NULL DEFAULT 0 CHECK (attachment_count BETWEEN 0 AND 20),
    published_at        timestamptz NOT NULL DEFAULT now(),
    created_by_admin_id text NOT NULL CHECK (length(created_by_admin_id) BETWEEN 1 AND 255),
    is_pinned           boolean NOT NULL DEFAULT false,
    pinned_at           timestamptz,
    is_deleted          boolean NOT NULL DEFAULT false,
    deleted_at          timestamptz,
    deleted_by_admin_id text CHECK (length(deleted_by_admin_id) BETWEEN 1 AND 255),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT channel_posts_type_shape CHECK (
      CASE type
        WHEN 'TEXT'  THEN body_text IS NOT NULL AND link_url IS NULL AND chart_payload_json IS NULL AND attachment_count = 0
        WHEN 'LINK'  THEN link_url IS NOT NULL AND chart_payload_json IS NULL AND attachment_count = 0
        WHEN 'CHART' THEN chart_payload_json IS NOT NULL AND link_url IS NULL AND attachment_count = 0
        ELSE attachment_count >= 1 AND link_url IS NULL AND chart_payload_json IS NULL
      END),
    CONSTRAINT channel_posts_pin CHECK (is_pinned = (pinned_at IS NOT NULL) AND NOT (is_pinned AND is_deleted)),
    CONSTRAINT channel_posts_tombstone CHECK (is_deleted = (deleted_at IS NOT NULL) AND (deleted_by_admin_id IS NULL OR is_deleted))
  );
  -- The post cursor (after_id / before_id within a channel), with and without tombstones.
  CREATE INDEX channel_posts_channel_id_idx ON channel_posts (channel_id, id);
  CREATE INDEX channel_posts_channel_live_idx ON channel_posts (channel_id, id) WHERE NOT is_deleted;
  CREATE INDEX channel_posts_pinned_idx ON channel_posts (channel_id, pinned_at) WHERE is_pinned;

  CREATE TABLE channel_post_attachments (
    id            bigserial PRIMARY KEY,
    post_id       bigint NOT NULL REFERENCES channel_posts (id) ON DELETE CASCADE,
    storage_key   text NOT NULL CHECK (storage_key ~ '^(public|uploads)/' AND length(storage_key) <= 1024),
    file_name     text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    mime_type     text NOT NULL CHECK (length(mime_type) BETWEEN 1 AND 255),
    size_bytes    bigint NOT NULL CHECK (size_bytes >= 0),
    display_order smallint NOT NULL CHECK (display_order BETWEEN 0 AND 19),
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT channel_post_attachments_order_key UNIQUE (post_id, display_order)
  );
  -- The purge job asks whether a stored object is still named by another channel's attachment.
  CREATE INDEX channel_post_attachments_storage_key_idx ON channel_post_attachments (storage_key);

  -- attachment_count stands for the rows: checked at commit, after the post and its rows are written.
  CREATE FUNCTION channel_post_attachments_match() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    checked bigint;
    expected smallint;
    actual bigint;
  BEGIN
    -- PL/pgSQL resolves every field a statement names, so NEW.post_id is read only on the attachments table.
    IF TG_TABLE_NAME = 'channel_posts' THEN checked := NEW.id;
    ELSIF TG_OP = 'DELETE' THEN checked := OLD.post_id;
    ELSE checked := NEW.post_id;
    END IF;
    SELECT attachment_count INTO expected FROM channel_posts WHERE id = checked;
    IF NOT FOUND THEN RETURN NULL; END IF;
    SELECT count(*) INTO actual FROM channel_post_attachments WHERE post_id = checked;
    IF actual <> expected THEN
      RAISE EXCEPTION 'channel post % has % attachment rows but attachment_count %', checked, actual, expected
        USING ERRCODE = 'check_violation', CONSTRAINT = 'channel_posts_attachment_rows';
    END IF;
    RETURN NULL;
  END $$;
  CREATE CONSTRAINT TRIGGER channel_posts_attachment_rows AFTER INSERT OR UPDATE OF attachment_count ON channel_posts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION channel_post_attachments_match();
  CREATE CONSTRAINT TRIGGER channel_post_attachments_rows AFTER INSERT OR UPDATE OR DELETE ON channel_post_attachments
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION channel_post_attachments_match();

  CREATE TABLE channel_discussions (
    id                         serial PRIMARY KEY,
    channel_id                 integer NOT NULL UNIQUE REFERENCES channels (id) ON DELETE CASCADE,
    title                      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    is_enabled                 boolean NOT NULL DEFAULT true,
    required_feature_key       text CHECK (required_feature_key ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$'),
    slow_mode_enabled          boolean NOT NULL DEFAULT false,
    slow_mode_interval_seconds integer CHECK (slow_mode_interval_seconds BETWEEN 1 AND 86400),
    created_by_admin_id        text NOT NULL CHECK (length(created_by_admin_id) BETWEEN 1 AND 255),
    created_at                 timestamptz NOT NULL DEFAULT now(),
    updated_at                 timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT channel_discussions_slow_mode CHECK (NOT slow_mode_enabled OR slow_mode_interval_seconds IS NOT NULL)
  );

  -- A new post's broadcast push goes to the channel's members (resolved when it is delivered).
  ALTER TABLE notification_events
    ADD COLUMN channel_id integer,
    DROP CONSTRAINT notification_events_audience_check,
    ADD CONSTRAINT notification_events_audience_check CHECK (audience IN ('customer', 'admins', 'channel_members')),
    ADD CONSTRAINT notification_events_audience_channel CHECK ((audience = 'channel_members') = (channel_id IS NOT NULL));
`;

const DOWN = `
  ALTER TABLE notification_events
    DROP CONSTRAINT notification_events_audience_channel,
    DROP CONSTRAINT notification_events_audience_check;
  DELETE FROM notification_events WHERE audience = 'channel_members';
  ALTER TABLE notification_events
    ADD CONSTRAINT notification_events_audience_check CHECK (audience IN ('customer', 'admins')),
    DROP COLUMN channel_id;
  DROP TABLE channel_discussions;
  DROP TABLE channel_post_attachments;
  DROP TABLE channel_posts;
  DROP FUNCTION channel_post_attachments_match();
  DROP TABLE channel_access_policies;
  DROP TABLE channels;
`;

export default sqlMigration('0016-channels', UP, DOWN);
