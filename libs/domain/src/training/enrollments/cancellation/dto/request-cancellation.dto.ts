import { IsString, MaxLength } from 'class-validator';
import { OptionalNotNull, StorableText, Trim } from '../../../../shared';

/** POST .../training/enrollments/:id/request-cancellation (CONTRACT §10: `{ reason? }`, ≤ 500). */
export class RequestCancellationDto {
  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(500)
  reason?: string;
}
