import { IsInt, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IsInstant, OptionalNotNull, StorableText, Trim } from '../../../shared';


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
  @IsInstant()
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
  @IsInstant()
  newEndDate?: string;
}

/** PATCH /api/admin/subscriptions/:id/revoke. */
export class RevokeSubscriptionDto extends AdminNoteDto {}
