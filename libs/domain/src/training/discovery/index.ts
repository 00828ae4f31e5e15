export { TrainingListQueryDto, TRAINING_LIST_SORTS } from './dto/training-list-query.dto';
export type { TrainingListSort } from './dto/training-list-query.dto';
export { TrainingDiscoveryService, PAYMENT_PENDING_NOTE } from './training-discovery.service';
export type {
  TrainingListItemDto,
  NextCohortDto,
  SessionListItemDto,
  CohortEnrollmentDetailDto,
  CohortSessionTimeDto,
  SessionEnrollmentDetailDto,
  SessionCohortScheduleDto,
} from './training-discovery.views';
