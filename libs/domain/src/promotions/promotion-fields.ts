import type { DiscountType } from '@platform/db';
import type { FieldProblem } from '../shared';
import type { CreatePromotionDto, UpdatePromotionDto } from './dto/promotion.dto';

/** The writable columns of a promotion, as stored. */
export interface PromotionFields {
  code: string;
  description: string | null;
  discountType: DiscountType;
  percent: number | null;
  discountPaisa: number | null;
  productId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  isActive: boolean;
}

/** Codes are compared upper-case everywhere (stored, looked up, shown). */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export function fieldsFromCreate(input: CreatePromotionDto): PromotionFields {
  return {
    code: normalizeCode(input.code),
    description: input.description ?? null,
    discountType: input.discountType,
    percent: input.percent ?? null,
    discountPaisa: input.discountPaisa ?? null,
    productId: input.productId ?? null,
    startsAt: toDate(input.startsAt),
    endsAt: toDate(input.endsAt),
    usageLimit: input.usageLimit ?? null,
    perUserLimit: input.perUserLimit ?? null,
    isActive: input.isActive ?? true,
  };
}

/**
 * The stored fields with an update applied: `undefined` keeps a value, `null` clears it.
 * Switching the discount type drops the other type's amount unless the update sets it, so
 * `{ discountType: 'fixed', discountPaisa: 5000 }` turns a percent code into a fixed one.
 */
export function mergeUpdate(current: PromotionFields, input: UpdatePromotionDto): PromotionFields {
  const pick = <K extends keyof PromotionFields>(key: K, value: PromotionFields[K] | undefined) =>
    value === undefined ? current[key] : value;
  const discountType = input.discountType ?? current.discountType;
  const switched = discountType !== current.discountType;
  return {
    code: input.code === undefined ? current.code : normalizeCode(input.code),
    description: pick('description', input.description),
    discountType,
    percent: switched && discountType === 'fixed' && input.percent === undefined ? null : pick('percent', input.percent),
    discountPaisa:
      switched && discountType === 'percent' && input.discountPaisa === undefined
        ? null
        : pick('discountPaisa', input.discountPaisa),
    productId: pick('productId', input.productId),
    startsAt: input.startsAt === undefined ? current.startsAt : toDate(input.startsAt),
    endsAt: input.endsAt === undefined ? current.endsAt : toDate(input.endsAt),
    usageLimit: pick('usageLimit', input.usageLimit),
    perUserLimit: pick('perUserLimit', input.perUserLimit),
    isActive: input.isActive ?? current.isActive,
  };
}

/**
 * The rules spanning several fields (the same ones the promotions CHECKs hold): a percent code
 * has a percent and no amount, a fixed code an amount and no percent, and a window starts
 * before it ends.
 */
export function promotionShapeProblems(fields: PromotionFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const [needed, forbidden] =
    fields.discountType === 'percent' ? (['percent', 'discountPaisa'] as const) : (['discountPaisa', 'percent'] as const);
  if (fields[needed] === null) {
    problems.push({ field: needed, code: 'required', message: `${needed} is required for a ${fields.discountType} discount` });
  }
  if (fields[forbidden] !== null) {
    problems.push({ field: forbidden, code: 'forbidden', message: `${forbidden} must be empty for a ${fields.discountType} discount` });
  }
  if (fields.startsAt && fields.endsAt && fields.startsAt.getTime() >= fields.endsAt.getTime()) {
    problems.push({ field: 'endsAt', code: 'window', message: 'endsAt must be later than startsAt' });
  }
  return problems;
}
