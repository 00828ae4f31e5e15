import { Service } from 'typedi';
import { Op, RefreshTokenModel } from '@platform/db';

/** Refresh tokens kept a day past expiry (for reuse detection), then removed. Safe to run twice. */
@Service()
export class PurgeExpiredRefreshTokensUseCase {
  async execute(now = new Date()): Promise<{ deleted: number }> {
    const cutoff = new Date(now.getTime() - 86_400_000);
    const deleted = await RefreshTokenModel.destroy({ where: { expiresAt: { [Op.lt]: cutoff } } });
    return { deleted };
  }
}
