import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { containsPattern, PageWindow } from '../../../shared';
import type { AdminEnrollmentSort, CustomerEnrollmentSort } from './dto/enrollment-query.dto';
import type { EnrollmentHistoryRow, EnrollmentRow } from './training-enrollment.views';

/** Whitelisted ORDER BY expressions (ties by id in the same direction). */
const SORT_SQL: Record<AdminEnrollmentSort | CustomerEnrollmentSort, string> = {
  id: 'e.id',
  status: 'e.status',
  productId: 'e.product_id',
  userId: 'e.user_id',
  cohortId: 'e.cohort_id',
  createdAt: 'e.created_at',
  updatedAt: 'e.updated_at',
};

const COLUMNS = `e.id, e.status, e.user_id AS "userId", e.product_id AS "productId", e.order_id AS "orderId",
  e.cohort_id AS "cohortId", e.session_id AS "sessionId", e.access_type AS "accessType",
  e.access_valid_until AS "accessValidUntil", e.form_data AS "formData", e.enrolled_at AS "enrolledAt",
  e.cancellation_requested_at AS "cancellationRequestedAt", e.cancellation_reason AS "cancellationReason",
  e.cancelled_at AS "cancelledAt", e.created_at AS "createdAt", e.updated_at AS "updatedAt", p.title AS "trainingTitle",
  o.order_number AS "orderNumber", o.total_paisa AS "orderTotalPaisa", o.status AS "orderStatus",
  u.full_name AS "userName", u.email AS "userEmail"`;
const FROM = `FROM training_enrollments e JOIN products p ON p.id = e.product_id JOIN users u ON u.id = e.user_id
  LEFT JOIN orders o ON o.id = e.order_id`;

/** Customer-scoped reads take the owner: a filter without `userId` does not compile (STYLE, "Data"). */
export interface OwnedEnrollmentFilter {
  userId: string;
}

/** Admin filters (ListTrainingEnrollmentsQueryDto); every one optional. */
export interface EnrollmentFilter {
  userId?: string;
  status?: string;
  productId?: number;
  cohortId?: number;
}

export interface EnrollmentListOptions {
  sort: AdminEnrollmentSort | CustomerEnrollmentSort;
  order: 'asc' | 'desc';
  /** A substring of the training title (customers), or of the title, user name or email (admins), any case. */
  search?: string;
  searchUser?: boolean;
  window: PageWindow;
}

/** SQL of enrollment reads: one statement per page (with its count), order, user and training joined. */
@Service()
export class TrainingEnrollmentsRepository {
  constructor(private readonly db: Database) {}

  listOwned(filter: OwnedEnrollmentFilter, options: EnrollmentListOptions): Promise<{ rows: EnrollmentRow[]; count: number }> {
    return this.list(filter, options);
  }

  findOwned(filter: OwnedEnrollmentFilter & { id: number }): Promise<EnrollmentRow | null> {
    return this.find(filter);
  }

  async list(filter: EnrollmentFilter, options: EnrollmentListOptions): Promise<{ rows: EnrollmentRow[]; count: number }> {
    const where = ['true'];
    if (filter.userId !== undefined) where.push('e.user_id = :userId');
    if (filter.status !== undefined) where.push('e.status = :status');
    if (filter.productId !== undefined) where.push('e.product_id = :productId');
    if (filter.cohortId !== undefined) where.push('e.cohort_id = :cohortId');
    if (options.search) {
      where.push(options.searchUser ? `(p.title ILIKE :pattern OR u.full_name ILIKE :pattern OR u.email ILIKE :pattern)` : 'p.title ILIKE :pattern');
    }
    const replacements = { ...filter, pattern: containsPattern(options.search ?? ''), ...options.window };
    const direction = options.order === 'asc' ? 'ASC' : 'DESC';
    const limit = options.window.limit === undefined ? '' : 'LIMIT :limit OFFSET :offset';
    const condition = `WHERE ${where.join(' AND ')}`;
    const [rows, [counted]] = await Promise.all([
      this.select<EnrollmentRow>(
        `SELECT ${COLUMNS} ${FROM} ${condition} ORDER BY ${SORT_SQL[options.sort]} ${direction}, e.id ${direction} ${limit}`,
        replacements,
      ),
      this.select<{ count: number }>(`SELECT count(*)::int AS count ${FROM} ${condition}`, replacements),
    ]);
    return { rows, count: counted.count };
  }

  async find(filter: EnrollmentFilter & { id: number }): Promise<EnrollmentRow | null> {
    const owner = filter.userId === undefined ? '' : 'AND e.user_id = :userId';
    const [row] = await this.select<EnrollmentRow>(`SELECT ${COLUMNS} ${FROM} WHERE e.id = :id ${owner}`, { ...filter });
    return row ?? null;
  }

  history(enrollmentId: number): Promise<EnrollmentHistoryRow[]> {
    return this.select<EnrollmentHistoryRow>(
      `SELECT h.id, h.from_status AS "fromStatus", h.to_status AS "toStatus", h.actor_type AS "actorType",
         h.actor_id AS "actorId", h.note, h.created_at AS "createdAt"
       FROM training_enrollment_history h WHERE h.enrollment_id = :enrollmentId ORDER BY h.id`,
      { enrollmentId },
    );
  }

  /**
   * Whether the user has a pending enrollment of the training (the session list's payment note):
   * one small read served by training_enrollments_user_idx / training_enrollments_training_idx.
   */
  async hasPending(filter: OwnedEnrollmentFilter & { trainingId: number }): Promise<boolean> {
    const rows = await this.select<{ one: number }>(
      `SELECT 1 AS one FROM training_enrollments e
       WHERE e.user_id = :userId AND e.training_id = :trainingId AND e.status = 'pending' LIMIT 1`,
      { ...filter },
    );
    return rows.length > 0;
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}
