import { createHash, randomBytes } from 'node:crypto';
import { Inject, Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import type { AppConfig } from '@platform/config';
import { Database, Op, RefreshTokenModel, Transaction } from '@platform/db';
import { CONFIG } from '../shared';
import { InvalidRefreshToken } from './identity.errors';

export type RefreshSubject = { kind: 'customer'; id: string } | { kind: 'admin'; id: string };

const REUSE_GRACE_MS = 20_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opaque, rotating refresh tokens. Each refresh consumes the presented token and issues its
 * successor; a consumed token presented again revokes its whole family (it was stolen or leaked).
 */
@Service()
export class RefreshTokenService {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly db: Database,
  ) {}

  async issue(subject: RefreshSubject, tx?: Transaction, familyId = uuidv7()): Promise<{ token: string; id: string }> {
    const token = randomBytes(32).toString('base64url');
    const row = await RefreshTokenModel.create(
      {
        id: uuidv7(),
        userId: subject.kind === 'customer' ? subject.id : null,
        adminId: subject.kind === 'admin' ? subject.id : null,
        tokenHash: hashToken(token),
        familyId,
        expiresAt: new Date(Date.now() + this.config.auth.refreshTtlDays * 86_400_000),
      },
      { transaction: tx },
    );
    return { token, id: row.id };
  }

  /** Consumes `token` and returns its subject plus the successor token. One winner under concurrency. */
  async rotate(token: string, expectedKind: RefreshSubject['kind']): Promise<{ subject: RefreshSubject; token: string }> {
    const tokenHash = hashToken(token);
    const rotated = await this.db.transaction(async (tx) => {
      const [count, rows] = await RefreshTokenModel.update(
        { revokedAt: new Date() },
        {
          where: {
            tokenHash,
            revokedAt: null,
            expiresAt: { [Op.gt]: new Date() },
            [expectedKind === 'customer' ? 'userId' : 'adminId']: { [Op.ne]: null },
          },
          returning: true,
          transaction: tx,
        },
      );
      if (count === 0) return undefined;
      const consumed = rows[0];
      const subject = subjectOf(consumed);
      const successor = await this.issue(subject, tx, consumed.familyId);
      await RefreshTokenModel.update({ replacedById: successor.id }, { where: { id: consumed.id }, transaction: tx });
      return { subject, token: successor.token };
    });
    if (rotated) return rotated;
    await this.revokeFamilyIfReused(tokenHash);
    throw InvalidRefreshToken();
  }

  /**
   * A consumed token presented again means a copy exists elsewhere: revoke the family. Within a
   * short grace after its rotation it is more likely a client retry (two tabs, a timed-out
   * request), so it is refused without logging the winner out.
   */
  private async revokeFamilyIfReused(tokenHash: string): Promise<void> {
    const known = await RefreshTokenModel.findOne({ where: { tokenHash } });
    if (!known?.revokedAt) return;
    const rotatedJustNow = known.replacedById !== null && Date.now() - known.revokedAt.getTime() < REUSE_GRACE_MS;
    if (rotatedJustNow) return;
    await RefreshTokenModel.update(
      { revokedAt: new Date() },
      { where: { familyId: known.familyId, revokedAt: null } },
    );
  }
}

function subjectOf(row: RefreshTokenModel): RefreshSubject {
  return row.userId ? { kind: 'customer', id: row.userId } : { kind: 'admin', id: row.adminId as string };
}
