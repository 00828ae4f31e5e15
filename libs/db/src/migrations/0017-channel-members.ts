import { sqlMigration } from './migration';

/**
 * Channels, part 2 (community-content-uploads.md "Membership, read state", "Membership and access";
 * issue 22):
 *
 * - `channel_memberships`: one row per (channel, user) once the user first joined. Joined rows have
 *   no `left_at`; leaving sets it, joining again clears it and moves `joined_at`. The partial index
 *   on joined rows is the push fan-out's keyset (channel, user).
 * - `channel_read_states`: the user's read cursor per channel. It only moves forward (the upsert
 *   keeps GREATEST(stored, incoming)); the CHECK keeps it a post id or 0.
 */
const UP = `
  CREATE TABLE channel_memberships (
    channel_id integer NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    is_joined  boolean NOT NULL,
    joined_at  timestamptz NOT NULL,
    left_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (channel_id, user_id),
    CONSTRAINT channel_memberships_left CHECK (is_joined = (left_at IS NULL) AND (left_at IS NULL OR left_at >= joined_at))
  );
  CREATE INDEX channel_memberships_joined_idx ON channel_memberships (channel_id, user_id) WHERE is_joined;
  CREATE INDEX channel_memberships_user_idx ON channel_memberships (user_id) WHERE is_joined;

  CREATE TABLE channel_read_states (
    channel_id        integer NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_seen_post_id bigint NOT NULL CHECK (last_seen_post_id >= 0),
    last_seen_at      timestamptz NOT NULL,
    PRIMARY KEY (channel_id, user_id)
  );
`;

const DOWN = `
  DROP TABLE channel_read_states;
  DROP TABLE channel_memberships;
`;

export default sqlMigration('0017-channel-members', UP, DOWN);
