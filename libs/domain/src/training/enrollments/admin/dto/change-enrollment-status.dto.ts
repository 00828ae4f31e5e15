import { IsIn, IsString, MaxLength } from 'class-validator';
import { TRAINING_ENROLLMENT_STATUSES } from '@platform/db';
import { OptionalNotNull, StorableText, Trim } from '../../../../shared';

/**
 * PATCH /api/admin/training/enrollments/:id/status (CONTRACT §10: `{ status, note? }`). A status
 * outside pending | enrolled | cancelled is 400; which moves are allowed depends on the current
 * status (ChangeEnrollmentStatusUseCase). `status` is declared `string` and narrowed by @IsIn.
 */
export class ChangeEnrollmentStatusDto {
  @IsString()
  @IsIn(TRAINING_ENROLLMENT_STATUSES)
  status: string;

  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(500)
  note?: string;
}
