export { RequestCancellationDto } from './dto/request-cancellation.dto';
export { RequestEnrollmentCancellationUseCase } from './request-enrollment-cancellation.use-case';
export type { EnrollmentCancellationView } from './request-enrollment-cancellation.use-case';
export { EnrollmentCancellationService } from './enrollment-cancellation.service';
export type { LockedEnrollment } from './enrollment-cancellation.service';
