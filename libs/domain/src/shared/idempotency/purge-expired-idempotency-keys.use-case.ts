import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG } from '../tokens';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';

/** Keys deleted per statement: short transactions and locks even over a large backlog. */
export const PURGE_BATCH_SIZE = 5_000;

/**
 * Deletes the Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_HOURS (run hourly by the jobs app),
 * in batches of PURGE_BATCH_SIZE until a batch comes back short, so the first run over a large
 * backlog is many small DELETEs rather than one that holds its locks and WAL for minutes. A claim
 * already ignores an expired key; this keeps the table small. Safe to run twice.
 */
@Service()
export class PurgeExpiredIdempotencyKeysUseCase {
  constructor(
    private readonly keys: IdempotencyKeysRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(batchSize = PURGE_BATCH_SIZE): Promise<{ deleted: number }> {
    let deleted = 0;
    for (;;) {
      const batch = await this.keys.purgeExpired(this.config.limits.idempotency.keyTtlHours, batchSize);
      deleted += batch;
      if (batch < batchSize) return { deleted };
    }
  }
}
