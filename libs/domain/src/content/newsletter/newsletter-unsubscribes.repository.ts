import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { textArrayLiteral } from '../../shared';

/** newsletter_unsubscribes (migration 0020): the users who stopped newsletter email, one row each. */
@Service()
export class NewsletterUnsubscribesRepository {
  constructor(private readonly db: Database) {}

  /** Records the user's unsubscribe once (a repeat keeps the first instant); a user deleted meanwhile records nothing. */
  async add(userId: string): Promise<void> {
    await this.db.sequelize.query(
      `INSERT INTO newsletter_unsubscribes (user_id) SELECT id FROM users WHERE id = CAST(:userId AS uuid)
       ON CONFLICT (user_id) DO NOTHING`,
      { replacements: { userId } },
    );
  }

  /** Which of `userIds` unsubscribed. */
  async among(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db.sequelize.query<{ userId: string }>(
      `SELECT user_id AS "userId" FROM newsletter_unsubscribes WHERE user_id = ANY(CAST(:userIds AS uuid[]))`,
      { replacements: { userIds: textArrayLiteral(userIds) }, type: QueryTypes.SELECT },
    );
    return new Set(rows.map((row) => row.userId));
  }
}
