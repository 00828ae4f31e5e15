import { Service } from 'typedi';
import { Transaction, UserModel } from '@platform/db';
import { BodyUnprocessable, ValidationFailed } from '../../../shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The users moderation acts on: a body's `user_id` must name one (else 422); a path's `:userId` must be a UUID. */
@Service()
export class DiscussionUsersService {
  /**
   * 422 UNPROCESSABLE with errors[] naming user_id unless the user exists: it is a body field, and
   * CONTRACT section 4 answers bad body fields on channel routes with 422 (a 404 would read as an
   * unknown channel). The row is held FOR KEY SHARE to the end of `tx` (what the ban's or mute's
   * foreign key would take), so the user cannot vanish between this check and the insert that
   * names them.
   */
  async requireUser(userId: string, tx: Transaction): Promise<void> {
    const user = await UserModel.findByPk(userId, { attributes: ['id'], transaction: tx, lock: tx.LOCK.KEY_SHARE });
    if (!user) throw BodyUnprocessable([{ field: 'user_id', code: 'userExists', message: 'user_id must name an existing user' }]);
  }

  /** A `:userId` path parameter: a UUID (lower-cased, as PostgreSQL prints it), else 400 VALIDATION_ERROR. */
  requireUserIdParam(userId: string): string {
    if (!UUID.test(userId)) {
      throw ValidationFailed('userId must be a UUID', [{ field: 'userId', code: 'isUuid', message: 'userId must be a UUID' }]);
    }
    return userId.toLowerCase();
  }
}
