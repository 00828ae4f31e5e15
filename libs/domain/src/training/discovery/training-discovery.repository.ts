import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import type { TrainingCohortStatus } from '@platform/db';
import { trainingSearchSql } from '../training-search';
import type { TrainingListQueryDto, TrainingListSort } from './dto/training-list-query.dto';
import type { SessionRow, TrainingListRow } from './training-discovery.views';

/** What customers can find: a published training whose product is published and sellable. */
const ON_SALE = `t.status = 'published' AND p.is_published AND p.is_sellable`;
const TRAININGS = 'FROM trainings t JOIN products p ON p.id = t.product_id';

/** The full-text search on the `:search` replacement (trainingSearchSql, shared with the admin list). */
const SEARCH = trainingSearchSql('t.search_vector', ':search');

/** Whitelisted ORDER BY expressions; `relevance` without a search is updatedAt. */
const SORT_SQL: Record<TrainingListSort, string> = {
  title: 'p.title',
  isFree: 't.is_free',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
  relevance: SEARCH.rank,
};

const SESSION_COLUMNS = `s.id, s.training_id AS "trainingId", s.title, s.description, s.type, s.status, s.position,
  s.duration_minutes AS "durationMinutes", s.scheduled_at AS "scheduledAt", (s.recording_key IS NOT NULL) AS "hasRecording"`;

export interface TrainingListFilter extends TrainingListQueryDto {
  featured: boolean;
}

export interface CohortRow {
  id: number;
  trainingId: number;
  trainingTitle: string;
  name: string;
  status: TrainingCohortStatus;
  capacity: number;
  seatsTaken: number;
  extraSeats: number;
  startsAt: Date | null;
  endsAt: Date | null;
}

/**
 * SQL of the customer discovery reads, all limited to trainings on sale. The list reads each
 * page with its aggregates (session count, free seats, next cohort) in one statement.
 */
@Service()
export class TrainingDiscoveryRepository {
  constructor(private readonly db: Database) {}

  async list(filter: TrainingListFilter, now: Date, window: { limit?: number; offset?: number }): Promise<{ rows: TrainingListRow[]; count: number }> {
    const where = [ON_SALE];
    if (filter.featured) where.push('t.is_featured');
    if (filter.categoryId !== undefined) where.push('t.category_id = :categoryId');
    if (filter.tagId !== undefined) where.push('t.tag_id = :tagId');
    if (filter.search) where.push(SEARCH.match);
    const onSale = `WHERE ${where.join(' AND ')}`;
    const sort = filter.sort === 'relevance' && !filter.search ? 'updatedAt' : (filter.sort as TrainingListSort);
    const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
    const limit = window.limit === undefined ? '' : 'LIMIT :limit OFFSET :offset';
    const replacements = { search: filter.search ?? '', categoryId: filter.categoryId ?? null, tagId: filter.tagId ?? null, now, ...window };
    const [rows, [counted]] = await Promise.all([
      this.select<TrainingListRow>(
        `SELECT t.id, p.title, t.thumbnail_ref AS "thumbnailRef", t.trailer_ref AS "trailerRef", p.slug, p.id AS "productId",
           p.mrp_paisa AS "mrpPaisa", p.sp_paisa AS "spPaisa", t.is_free AS "isFree", t.access_type AS "accessType",
           t.access_duration_days AS "accessDurationDays",
           (SELECT count(*)::int FROM training_sessions s WHERE s.training_id = t.id) AS "sessionCount",
           (SELECT coalesce(sum(c.capacity + c.extra_seats - c.seats_taken), 0)::int FROM training_cohorts c
             WHERE c.training_id = t.id AND c.status = 'open') AS "seatsLeft",
           nc.id AS "nextCohortId", nc.name AS "nextCohortName", nc.starts_at AS "nextCohortStartsAt",
           nc.seats_left AS "nextCohortSeatsLeft"
         ${TRAININGS}
         LEFT JOIN LATERAL (
           SELECT c.id, c.name, c.starts_at, c.capacity + c.extra_seats - c.seats_taken AS seats_left FROM training_cohorts c
           WHERE c.training_id = t.id AND c.status = 'open'
           ORDER BY coalesce(c.starts_at >= :now, false) DESC, c.starts_at ASC NULLS LAST, c.id ASC LIMIT 1
         ) nc ON true
         ${onSale}
         ORDER BY ${SORT_SQL[sort]} ${direction}, t.id ${direction} ${limit}`,
        replacements,
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count ${TRAININGS} ${onSale}`, replacements),
    ]);
    return { rows, count: counted.count };
  }

  /** The sessions of a training on sale in position order, or null when the training is not on sale. */
  async sessions(trainingId: number): Promise<SessionRow[] | null> {
    const [training] = await this.select<{ id: number }>(
      `SELECT t.id FROM trainings t JOIN products p ON p.id = t.product_id WHERE t.id = :trainingId AND ${ON_SALE}`,
      { trainingId },
    );
    if (!training) return null;
    return this.select<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM training_sessions s WHERE s.training_id = :trainingId ORDER BY s.position, s.id`,
      { trainingId },
    );
  }

  async cohort(cohortId: number): Promise<CohortRow | null> {
    const [row] = await this.select<CohortRow>(
      `SELECT c.id, c.training_id AS "trainingId", p.title AS "trainingTitle", c.name, c.status, c.capacity,
         c.seats_taken AS "seatsTaken", c.extra_seats AS "extraSeats", c.starts_at AS "startsAt", c.ends_at AS "endsAt"
       FROM training_cohorts c JOIN trainings t ON t.id = c.training_id JOIN products p ON p.id = t.product_id
       WHERE c.id = :cohortId AND ${ON_SALE}`,
      { cohortId },
    );
    return row ?? null;
  }

  /** Every session of the cohort's training, at the cohort's own time where it set one. */
  cohortSchedule(cohort: CohortRow): Promise<Array<{ sessionId: number; title: string; type: SessionRow['type']; scheduledAt: Date | null }>> {
    return this.select(
      `SELECT s.id AS "sessionId", s.title, s.type, coalesce(cs.scheduled_at, s.scheduled_at) AS "scheduledAt"
       FROM training_sessions s
       LEFT JOIN training_cohort_sessions cs ON cs.session_id = s.id AND cs.cohort_id = :cohortId
       WHERE s.training_id = :trainingId ORDER BY s.position, s.id`,
      { cohortId: cohort.id, trainingId: cohort.trainingId },
    );
  }

  async session(sessionId: number): Promise<(SessionRow & { trainingTitle: string }) | null> {
    const [row] = await this.select<SessionRow & { trainingTitle: string }>(
      `SELECT ${SESSION_COLUMNS}, p.title AS "trainingTitle"
       FROM training_sessions s JOIN trainings t ON t.id = s.training_id JOIN products p ON p.id = t.product_id
       WHERE s.id = :sessionId AND ${ON_SALE}`,
      { sessionId },
    );
    return row ?? null;
  }

  /** The cohorts that schedule the session (their own time, else the session's), earliest first. */
  sessionSchedule(session: Pick<SessionRow, 'id'>): Promise<Array<{ cohortId: number; cohortName: string; scheduledAt: Date | null }>> {
    return this.select(
      `SELECT c.id AS "cohortId", c.name AS "cohortName", coalesce(cs.scheduled_at, s.scheduled_at) AS "scheduledAt"
       FROM training_cohort_sessions cs JOIN training_cohorts c ON c.id = cs.cohort_id JOIN training_sessions s ON s.id = cs.session_id
       WHERE cs.session_id = :sessionId ORDER BY 3 ASC NULLS LAST, c.id`,
      { sessionId: session.id },
    );
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}
