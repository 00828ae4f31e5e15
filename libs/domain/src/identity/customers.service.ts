import { Service } from 'typedi';
import { Database, preparedStatement } from '@platform/db';
import type { CustomerActor } from '../shared';
import { InvalidAccessToken } from './identity.errors';
import type { CustomerView } from './identity.views';

/** `GET /api/auth/me` runs on every app start of every client: one prepared statement, no model. */
const PROFILE_SQL = preparedStatement(
  'customer-profile',
  'SELECT id, email, full_name AS "fullName", phone, created_at AS "createdAt" FROM users WHERE id = :id',
  { id: 'uuid' },
);

/** Reads about customers. */
@Service()
export class CustomersService {
  constructor(private readonly db: Database) {}

  async profile(actor: CustomerActor): Promise<CustomerView> {
    const [user] = await this.db.prepared<CustomerView>(PROFILE_SQL, { id: actor.id });
    if (!user) throw InvalidAccessToken('The account for this token no longer exists');
    return user;
  }
}
