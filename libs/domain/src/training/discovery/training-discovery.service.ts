import { Service } from 'typedi';
import { StorageUrls } from '@platform/storage';
import { Clock, CustomerActor, isRowId, Page, pageWindow, toPage } from '../../shared';
import { TrainingEnrollmentsRepository } from '../enrollments/reads/training-enrollments.repository';
import { TrainingCatalogWrites } from '../training-catalog-writes.service';
import { TrainingCohortNotFound, TrainingNotFound, TrainingSessionNotFound } from '../training.errors';
import type { TrainingListQueryDto } from './dto/training-list-query.dto';
import { TrainingDiscoveryRepository } from './training-discovery.repository';
import {
  CohortEnrollmentDetailDto,
  iso,
  SessionEnrollmentDetailDto,
  SessionListItemDto,
  toSessionListItem,
  toTrainingListItem,
  TrainingListItemDto,
} from './training-discovery.views';

/** learning-commerce.md "Session content": the session list's note for a caller whose enrollment awaits payment. */
export const PAYMENT_PENDING_NOTE = 'Payment pending: complete payment to unlock this session';

/**
 * Customer discovery of published trainings (learning-commerce.md "Training customer and
 * mobile"): the list, the featured list, a training's sessions, a cohort and a session. Every
 * read goes through TrainingCatalogWrites.read (cached for REDIS_CACHE_TTL_SECONDS, stale after
 * any admin write, loaded from the database when Redis fails). A miss is cached as null like a
 * view, so probing unknown ids stays cheap; the 404 is thrown outside the cache.
 */
@Service()
export class TrainingDiscoveryService {
  constructor(
    private readonly trainings: TrainingDiscoveryRepository,
    private readonly writes: TrainingCatalogWrites,
    private readonly urls: StorageUrls,
    private readonly clock: Clock,
    private readonly enrollments: TrainingEnrollmentsRepository,
  ) {}

  list(query: TrainingListQueryDto, featured = false): Promise<Page<TrainingListItemDto>> {
    // Every parameter that shapes the answer, normalised (pagination off ignores page and size).
    const window = pageWindow(query);
    const key = JSON.stringify([
      featured ? 'featured' : 'all',
      query.search ?? '',
      query.categoryId ?? null,
      query.tagId ?? null,
      query.sort,
      query.order,
      query.pagination ? [query.page, query.size] : 'all',
    ]);
    return this.writes.read(`list:${key}`, async () => {
      const { rows, count } = await this.trainings.list({ ...query, featured }, this.clock.now(), window);
      return toPage(
        rows.map((row) => toTrainingListItem(row, this.urls)),
        count,
        query,
      );
    });
  }

  /**
   * The sessions (cached for everyone), each with the caller's own `paymentStatusNote` while the
   * caller has a pending enrollment of this training (absent otherwise). The note is added after the
   * cached read, by one small indexed query, and never cached.
   */
  async sessions(trainingId: number, caller?: CustomerActor): Promise<SessionListItemDto[]> {
    const view = isRowId(trainingId)
      ? await this.writes.read(`sessions:${trainingId}`, async () => (await this.trainings.sessions(trainingId))?.map(toSessionListItem) ?? null)
      : null;
    if (!view) throw TrainingNotFound();
    const pending = caller ? await this.enrollments.hasPending({ userId: caller.id, trainingId }) : false;
    return pending ? view.map((session) => ({ ...session, paymentStatusNote: PAYMENT_PENDING_NOTE })) : view;
  }

  async cohort(cohortId: number): Promise<CohortEnrollmentDetailDto> {
    const view = isRowId(cohortId) ? await this.writes.read(`cohort:${cohortId}`, () => this.loadCohort(cohortId)) : null;
    if (!view) throw TrainingCohortNotFound();
    return view;
  }

  async session(sessionId: number): Promise<SessionEnrollmentDetailDto> {
    const view = isRowId(sessionId) ? await this.writes.read(`session:${sessionId}`, () => this.loadSession(sessionId)) : null;
    if (!view) throw TrainingSessionNotFound();
    return view;
  }

  private async loadCohort(cohortId: number): Promise<CohortEnrollmentDetailDto | null> {
    const cohort = await this.trainings.cohort(cohortId);
    if (!cohort) return null;
    const schedule = await this.trainings.cohortSchedule(cohort);
    return {
      id: cohort.id,
      trainingId: cohort.trainingId,
      trainingTitle: cohort.trainingTitle,
      name: cohort.name,
      status: cohort.status,
      capacity: cohort.capacity,
      seatsTaken: cohort.seatsTaken,
      seatsLeft: Math.max(0, cohort.capacity + cohort.extraSeats - cohort.seatsTaken),
      startsAt: iso(cohort.startsAt),
      endsAt: iso(cohort.endsAt),
      schedule: schedule.map((entry) => ({ sessionId: entry.sessionId, title: entry.title, type: entry.type, scheduledAt: iso(entry.scheduledAt) })),
    };
  }

  private async loadSession(sessionId: number): Promise<SessionEnrollmentDetailDto | null> {
    const session = await this.trainings.session(sessionId);
    if (!session) return null;
    const schedule = await this.trainings.sessionSchedule(session);
    return {
      ...toSessionListItem(session),
      trainingTitle: session.trainingTitle,
      schedule: schedule.map((entry) => ({ cohortId: entry.cohortId, cohortName: entry.cohortName, scheduledAt: iso(entry.scheduledAt) })),
    };
  }
}
