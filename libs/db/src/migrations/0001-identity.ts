import { sqlMigration } from './migration';

/** Customers (users), admins, and rotating refresh tokens for both. */
export default sqlMigration(
  '0001-identity',
  `
  CREATE TABLE users (
    id            uuid PRIMARY KEY,
    email         text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
    password_hash text NOT NULL,
    full_name     text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 200),
    phone         text CHECK (phone IS NULL OR phone ~ '^\\+?[0-9]{7,15}$'),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_email_key UNIQUE (email)
  );

  CREATE TABLE admins (
    id            uuid PRIMARY KEY,
    email         text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
    password_hash text NOT NULL,
    full_name     text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 200),
    permissions   text[] NOT NULL DEFAULT '{}',
    is_active     boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT admins_email_key UNIQUE (email)
  );

  -- One row per issued refresh token; only its SHA-256 is stored. A refresh consumes the row
  -- (revoked_at) and issues its successor in the same family; presenting a consumed token again
  -- revokes the whole family (token theft detection).
  CREATE TABLE refresh_tokens (
    id             uuid PRIMARY KEY,
    user_id        uuid REFERENCES users (id) ON DELETE CASCADE,
    admin_id       uuid REFERENCES admins (id) ON DELETE CASCADE,
    token_hash     text NOT NULL,
    family_id      uuid NOT NULL,
    expires_at     timestamptz NOT NULL,
    revoked_at     timestamptz,
    replaced_by_id uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash),
    CONSTRAINT refresh_tokens_one_subject CHECK (num_nonnulls(user_id, admin_id) = 1)
  );
  CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
  CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id) WHERE user_id IS NOT NULL;
  CREATE INDEX refresh_tokens_admin_idx ON refresh_tokens (admin_id) WHERE admin_id IS NOT NULL;
  `,
  `DROP TABLE refresh_tokens; DROP TABLE admins; DROP TABLE users;`,
);
