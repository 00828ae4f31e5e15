import type { AccessType, OrderStatus, TrainingEnrollmentActorType, TrainingEnrollmentStatus } from '@platform/db';

/**
 * Enrollment views (learning-commerce.md "Enrollment (TrainingEnrollmentResponseDto)" and the
 * admin detail). Instants are ISO-8601 strings. Beyond the spec's fields the customer view adds
 * `trainingTitle` and `cancellationRequestedAt` (an open cancellation request of an enrolled
 * enrollment; null otherwise).
 */
export interface TrainingEnrollmentResponseDto {
  id: number;
  status: TrainingEnrollmentStatus;
  userId: string;
  productId: number;
  orderId: number | null;
  cohortId: number;
  sessionId: number | null;
  accessType: AccessType | null;
  accessValidUntil: string | null;
  formData: Record<string, unknown>;
  enrolledAt: string | null;
  createdAt: string;
  updatedAt: string;
  trainingTitle: string;
  cancellationRequestedAt: string | null;
}

/** An admin list row: the customer fields plus the order and the user. */
export interface TrainingEnrollmentAdminListItemDto extends TrainingEnrollmentResponseDto {
  cancellationReason: string | null;
  cancelledAt: string | null;
  orderNumber: string | null;
  orderTotalPaisa: number | null;
  orderStatus: OrderStatus | null;
  userName: string;
  userEmail: string;
}

/** One move of the enrollment, oldest first. */
export interface TrainingEnrollmentHistoryDto {
  id: number;
  fromStatus: TrainingEnrollmentStatus | null;
  toStatus: TrainingEnrollmentStatus;
  actorType: TrainingEnrollmentActorType;
  actorId: string | null;
  note: string | null;
  createdAt: string;
}

/** TrainingEnrollmentAdminResponseDto: the list row plus the history. */
export interface TrainingEnrollmentAdminResponseDto extends TrainingEnrollmentAdminListItemDto {
  history: TrainingEnrollmentHistoryDto[];
}

/** A row as the repository reads it (one statement, order and user joined). */
export interface EnrollmentRow {
  id: number;
  status: TrainingEnrollmentStatus;
  userId: string;
  productId: number;
  orderId: number | null;
  cohortId: number;
  sessionId: number | null;
  accessType: AccessType | null;
  accessValidUntil: Date | null;
  formData: Record<string, unknown>;
  enrolledAt: Date | null;
  cancellationRequestedAt: Date | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  trainingTitle: string;
  orderNumber: string | null;
  orderTotalPaisa: number | null;
  orderStatus: OrderStatus | null;
  userName: string;
  userEmail: string;
}

export interface EnrollmentHistoryRow {
  id: string | number;
  fromStatus: TrainingEnrollmentStatus | null;
  toStatus: TrainingEnrollmentStatus;
  actorType: TrainingEnrollmentActorType;
  actorId: string | null;
  note: string | null;
  createdAt: Date;
}

const iso = (at: Date | null): string | null => (at ? new Date(at).toISOString() : null);

export function toEnrollmentView(row: EnrollmentRow): TrainingEnrollmentResponseDto {
  return {
    id: row.id,
    status: row.status,
    userId: row.userId,
    productId: row.productId,
    orderId: row.orderId,
    cohortId: row.cohortId,
    sessionId: row.sessionId,
    accessType: row.accessType,
    accessValidUntil: iso(row.accessValidUntil),
    formData: row.formData,
    enrolledAt: iso(row.enrolledAt),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    trainingTitle: row.trainingTitle,
    // Only an open request (enrolled, not decided) is shown to the customer.
    cancellationRequestedAt: row.status === 'enrolled' ? iso(row.cancellationRequestedAt) : null,
  };
}

export function toAdminEnrollmentItem(row: EnrollmentRow): TrainingEnrollmentAdminListItemDto {
  return {
    ...toEnrollmentView(row),
    cancellationRequestedAt: iso(row.cancellationRequestedAt),
    cancellationReason: row.cancellationReason,
    cancelledAt: iso(row.cancelledAt),
    orderNumber: row.orderNumber,
    orderTotalPaisa: row.orderTotalPaisa,
    orderStatus: row.orderStatus,
    userName: row.userName,
    userEmail: row.userEmail,
  };
}

export function toHistoryView(row: EnrollmentHistoryRow): TrainingEnrollmentHistoryDto {
  return {
    id: Number(row.id),
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actorType: row.actorType,
    actorId: row.actorId,
    note: row.note,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
