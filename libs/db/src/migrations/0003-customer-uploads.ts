import { sqlMigration } from './migration';

/**
 * Who uploaded each customer file. A customer may resolve (sign) private keys they uploaded and
 * no others: without this, any customer could mint fresh signed URLs for any private key they
 * learned, such as a paid lesson video or book file.
 */
export default sqlMigration(
  '0003-customer-uploads',
  `
  CREATE TABLE customer_uploads (
    storage_key text PRIMARY KEY CHECK (storage_key ~ '^(public|uploads)/'),
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX customer_uploads_user_idx ON customer_uploads (user_id);
  `,
  `DROP TABLE customer_uploads;`,
);
