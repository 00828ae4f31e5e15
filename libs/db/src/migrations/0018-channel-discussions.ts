import { sqlMigration } from './migration';

/**
 * Channels, part 3 (community-content-uploads.md "Discussion and messages", Channels mobile rules
 * 4-5; CONTRACT sections 4, 9 and 10; issue 23):
 *
 * - `channel_discussions.event_seq`: numbers the discussion's message deltas (message.created,
 *   .updated, .deleted), as `channels.event_seq` numbers post deltas.
 * - `discussion_messages`: a message is written by a user (USER) or an admin (ADMIN), never both;
 *   a deleted message keeps its row as a tombstone with no body and names at most one deleter; an
 *   edited message names at most one editor (the last). "At most", not "exactly": the app always
 *   records who, but deleting that user sets their column NULL (ON DELETE SET NULL) and the row
 *   must survive it. The (discussion, id) index serves the newest-first pages.
 * - `discussion_bans` and `discussion_mutes`: who may not post now (a mute ends by itself at
 *   `muted_until`); `discussion_moderation_actions` records every moderation act, who, when, why,
 *   and for a settings_update (a PATCH of the discussion) exactly the fields it changed, as
 *   `changes` { field: { from, to } } (a JSON object on that action, NULL on every other).
 * - `discussion_slow_mode_marks`: each user's last message time per discussion, moved by one
 *   conditional upsert, so slow mode holds under concurrent posts.
 */
const UP = `
  ALTER TABLE channel_discussions ADD COLUMN event_seq bigint NOT NULL DEFAULT 0 CHECK (event_seq >= 0);

  CREATE TABLE discussion_messages (
    id                  bigserial PRIMARY KEY,
    discussion_id       integer NOT NULL REFERENCES channel_discussions (id) ON DELETE CASCADE,
    author_type         text NOT NULL CHECK (author_type IN ('USER', 'ADMIN')),
    author_user_id      uuid REFERENCES users (id) ON DELETE CASCADE,
    author_admin_id     text CHECK (length(author_admin_id) BETWEEN 1 AND 255),
    body                text CHECK (char_length(body) BETWEEN 1 AND 4000 AND btrim(body) <> ''),
    is_deleted          boolean NOT NULL DEFAULT false,
    deleted_at          timestamptz,
    deleted_by_admin_id text CHECK (length(deleted_by_admin_id) BETWEEN 1 AND 255),
    deleted_by_user_id  uuid REFERENCES users (id) ON DELETE SET NULL,
    edited_at           timestamptz,
    edited_by_user_id   uuid REFERENCES users (id) ON DELETE SET NULL,
    edited_by_admin_id  text CHECK (length(edited_by_admin_id) BETWEEN 1 AND 255),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT discussion_messages_author CHECK (
      (author_type = 'USER' AND author_user_id IS NOT NULL AND author_admin_id IS NULL)
      OR (author_type = 'ADMIN' AND author_admin_id IS NOT NULL AND author_user_id IS NULL)
    ),
    CONSTRAINT discussion_messages_tombstone CHECK (
      is_deleted = (body IS NULL) AND is_deleted = (deleted_at IS NOT NULL)
      AND (is_deleted OR (deleted_by_admin_id IS NULL AND deleted_by_user_id IS NULL))
      AND NOT (deleted_by_admin_id IS NOT NULL AND deleted_by_user_id IS NOT NULL)
    ),
    CONSTRAINT discussion_messages_edited CHECK (
      (edited_at IS NULL AND edited_by_user_id IS NULL AND edited_by_admin_id IS NULL)
      OR (edited_at IS NOT NULL AND NOT (edited_by_user_id IS NOT NULL AND edited_by_admin_id IS NOT NULL))
    )
  );
  CREATE INDEX discussion_messages_page_idx ON discussion_messages (discussion_id, id DESC);
  -- A user's messages (deleting a user, a moderator's look at one author).
  CREATE INDEX discussion_messages_author_idx ON discussion_messages (author_user_id) WHERE author_user_id IS NOT NULL;

  CREATE TABLE discussion_bans (
    discussion_id      integer NOT NULL REFERENCES channel_discussions (id) ON DELETE CASCADE,
    user_id            uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    banned_by_admin_id text NOT NULL CHECK (length(banned_by_admin_id) BETWEEN 1 AND 255),
    reason             text CHECK (char_length(reason) BETWEEN 1 AND 500),
    created_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (discussion_id, user_id)
  );

  CREATE TABLE discussion_mutes (
    discussion_id     integer NOT NULL REFERENCES channel_discussions (id) ON DELETE CASCADE,
    user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    muted_until       timestamptz NOT NULL,
    muted_by_admin_id text NOT NULL CHECK (length(muted_by_admin_id) BETWEEN 1 AND 255),
    reason            text CHECK (char_length(reason) BETWEEN 1 AND 500),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (discussion_id, user_id)
  );

  CREATE TABLE discussion_moderation_actions (
    id             bigserial PRIMARY KEY,
    discussion_id  integer NOT NULL REFERENCES channel_discussions (id) ON DELETE CASCADE,
    action         text NOT NULL CHECK (action IN ('ban', 'unban', 'mute', 'unmute', 'message_edit', 'message_delete', 'settings_update')),
    admin_id       text NOT NULL CHECK (length(admin_id) BETWEEN 1 AND 255),
    user_id        uuid REFERENCES users (id) ON DELETE SET NULL,
    message_id     bigint REFERENCES discussion_messages (id) ON DELETE SET NULL,
    muted_until    timestamptz,
    reason         text CHECK (char_length(reason) BETWEEN 1 AND 500),
    changes        jsonb,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT discussion_moderation_actions_mute_until CHECK ((action = 'mute') = (muted_until IS NOT NULL)),
    CONSTRAINT discussion_moderation_actions_changes CHECK (
      (action = 'settings_update') = (changes IS NOT NULL)
      AND (changes IS NULL OR (jsonb_typeof(changes) = 'object' AND changes <> '{}'::jsonb))
    )
  );
  CREATE INDEX discussion_moderation_actions_discussion_idx ON discussion_moderation_actions (discussion_id, id DESC);

  CREATE TABLE discussion_slow_mode_marks (
    discussion_id   integer NOT NULL REFERENCES channel_discussions (id) ON DELETE CASCADE,
    user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_message_at timestamptz NOT NULL,
    PRIMARY KEY (discussion_id, user_id)
  );
`;

const DOWN = `
  DROP TABLE discussion_slow_mode_marks;
  DROP TABLE discussion_moderation_actions;
  DROP TABLE discussion_mutes;
  DROP TABLE discussion_bans;
  DROP TABLE discussion_messages;
  ALTER TABLE channel_discussions DROP COLUMN event_seq;
`;

export default sqlMigration('0018-channel-discussions', UP, DOWN);
