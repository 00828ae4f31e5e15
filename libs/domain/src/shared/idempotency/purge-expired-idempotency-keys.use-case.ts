import { Inject, Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import type { AppConfig } from '@platform/config';
import { Database } from '@platform/db';
import { CONFIG } from '../tokens';
import { EXPIRED_KEY } from './idempotent-requests.service';

/**
 * Deletes the Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_HOURS (run hourly by the jobs app).
 * A claim already ignores an expired key; this keeps the table small. Safe to run twice.
 */
@Service()
export class PurgeExpiredIdempotencyKeysUseCase {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<{ deleted: number }> {
    const [{ deleted }] = await this.db.sequelize.query<{ deleted: number }>(
      `WITH gone AS (DELETE FROM idempotency_keys WHERE ${EXPIRED_KEY} RETURNING 1) SELECT count(*)::int AS deleted FROM gone`,
      { replacements: { ttlHours: this.config.limits.idempotency.keyTtlHours }, type: QueryTypes.SELECT },
    );
    return { deleted };
  }
}
