import { IsISO8601, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { OptionalNotNull, StorableText, Trim } from '../../../shared';

/** CONTRACT section 5: YYYY-MM-DD or an RFC 3339 date-time (ISO 8601 week and ordinal forms are refused: Date cannot read them). */
const RFC3339_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2}))?$/;

class AdminNoteDto {
  /** Kept in the subscription's history (≤ 1000, the history note's limit). */
  @OptionalNotNull()
  @Trim()
  @IsString()
  @StorableText()
  @MaxLength(1000)
  adminNote?: string;
}

/**
 * POST /api/admin/subscriptions/grant (learning-commerce.md, "Subscriptions (admin)"): at least
 * one of planPriceId or customEndDate (checked by the use case: 400 SUBSCRIPTION_GRANT_INVALID).
 */
export class GrantSubscriptionDto extends AdminNoteDto {
  @IsUUID()
  userId: string;

  @IsUUID()
  planId: string;

  @OptionalNotNull()
  @IsUUID()
  planPriceId?: string;

  /** ISO 8601 instant in the future. */
  @OptionalNotNull()
  @IsISO8601({ strict: true })
  @Matches(RFC3339_INSTANT, { message: 'customEndDate must be an RFC 3339 date-time (e.g. 2030-01-31T00:00:00Z) or a date (YYYY-MM-DD)' })
  customEndDate?: string;
}

/** PATCH /api/admin/subscriptions/:id/extend: exactly one of durationDays or newEndDate (else 400 SUBSCRIPTION_EXTEND_INVALID). */
export class ExtendSubscriptionDto extends AdminNoteDto {
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(3650)
  durationDays?: number;

  @OptionalNotNull()
  @IsISO8601({ strict: true })
  @Matches(RFC3339_INSTANT, { message: 'newEndDate must be an RFC 3339 date-time (e.g. 2030-01-31T00:00:00Z) or a date (YYYY-MM-DD)' })
  newEndDate?: string;
}

/** PATCH /api/admin/subscriptions/:id/revoke. */
export class RevokeSubscriptionDto extends AdminNoteDto {}
