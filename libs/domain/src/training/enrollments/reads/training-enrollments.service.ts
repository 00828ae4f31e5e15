import { Service } from 'typedi';
import { CustomerActor, isRowId, Page, pageWindow, toPage } from '../../../shared';
import { TrainingEnrollmentNotFound } from '../../training.errors';
import type { AdminEnrollmentSort, CustomerEnrollmentSort, ListTrainingEnrollmentsQueryDto, TrainingEnrollmentQueryDto } from './dto/enrollment-query.dto';
import {
  toAdminEnrollmentItem,
  toEnrollmentView,
  toHistoryView,
  TrainingEnrollmentAdminListItemDto,
  TrainingEnrollmentAdminResponseDto,
  TrainingEnrollmentResponseDto,
} from './training-enrollment.views';
import { TrainingEnrollmentsRepository } from './training-enrollments.repository';

/**
 * Enrollment reads (learning-commerce.md "Training customer and mobile" and "Training admin"):
 * the customer's own list and detail (another user's or unknown → 404 TRAINING_ENROLLMENT_NOT_FOUND,
 * CONTRACT §4) and the admin list and detail with the order, the user and the history. Not
 * cached: clients poll these while a payment is pending, and each is one indexed statement.
 */
@Service()
export class TrainingEnrollmentsService {
  constructor(private readonly enrollments: TrainingEnrollmentsRepository) {}

  async listOwn(customer: CustomerActor, query: TrainingEnrollmentQueryDto): Promise<Page<TrainingEnrollmentResponseDto>> {
    const { rows, count } = await this.enrollments.listOwned(
      { userId: customer.id },
      { sort: query.sort as CustomerEnrollmentSort, order: query.order, search: query.search, window: pageWindow(query) },
    );
    return toPage(rows.map(toEnrollmentView), count, query);
  }

  async getOwn(customer: CustomerActor, id: number): Promise<TrainingEnrollmentResponseDto> {
    const row = isRowId(id) ? await this.enrollments.findOwned({ userId: customer.id, id }) : null;
    if (!row) throw TrainingEnrollmentNotFound();
    return toEnrollmentView(row);
  }

  async list(query: ListTrainingEnrollmentsQueryDto): Promise<Page<TrainingEnrollmentAdminListItemDto>> {
    const { rows, count } = await this.enrollments.list(
      { status: query.status, productId: query.productId, userId: query.userId, cohortId: query.cohortId },
      { sort: query.sort as AdminEnrollmentSort, order: query.order, search: query.search, searchUser: true, window: pageWindow(query) },
    );
    return toPage(rows.map(toAdminEnrollmentItem), count, query);
  }

  async get(id: number): Promise<TrainingEnrollmentAdminResponseDto> {
    const row = isRowId(id) ? await this.enrollments.find({ id }) : null;
    if (!row) throw TrainingEnrollmentNotFound();
    const history = await this.enrollments.history(id);
    return { ...toAdminEnrollmentItem(row), history: history.map(toHistoryView) };
  }
}
