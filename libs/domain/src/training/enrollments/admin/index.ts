export { ChangeEnrollmentStatusDto } from './dto/change-enrollment-status.dto';
export { ChangeEnrollmentStatusUseCase } from './change-enrollment-status.use-case';
