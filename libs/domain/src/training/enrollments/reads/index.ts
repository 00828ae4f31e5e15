export {
  TrainingEnrollmentQueryDto,
  ListTrainingEnrollmentsQueryDto,
  CUSTOMER_ENROLLMENT_SORTS,
  ADMIN_ENROLLMENT_SORTS,
} from './dto/enrollment-query.dto';
export type { CustomerEnrollmentSort, AdminEnrollmentSort } from './dto/enrollment-query.dto';
export { TrainingEnrollmentsService } from './training-enrollments.service';
export { TrainingEnrollmentsRepository } from './training-enrollments.repository';
export type {
  TrainingEnrollmentResponseDto,
  TrainingEnrollmentAdminListItemDto,
  TrainingEnrollmentAdminResponseDto,
  TrainingEnrollmentHistoryDto,
} from './training-enrollment.views';
