import { DomainError, ValidationFailed } from '../shared';
import type { FieldProblem } from '../shared';

export const PromotionNotFound = () => new DomainError('NOT_FOUND', 'Promotion not found');
export const PromotionCodeTaken = (code: string) => new DomainError('CONFLICT', `The code "${code}" already exists`);
export const PromotionUsed = () =>
  new DomainError('CONFLICT', 'This code has been used; deactivate it instead of deleting it');
export const PromotionShapeInvalid = (problems: FieldProblem[]) => ValidationFailed(problems[0].message, problems);
export const UsageLimitBelowTimesUsed = (timesUsed: number) => {
  const message = `usageLimit cannot be below the ${timesUsed} uses already made`;
  return ValidationFailed(message, [{ field: 'usageLimit', code: 'min', message }]);
};
/** The same (promotion, reference) was redeemed for another user: a caller bug, never a retry. */
export const RedemptionReferenceTaken = (reference: string) =>
  new DomainError('CONFLICT', `The reference "${reference}" already used this code for another user`);

/** Why a code does not apply (PROMOTION_NOT_APPLICABLE, 400); the message tells the user which rule. */
const notApplicable = (message: string) => () => new DomainError('PROMOTION_NOT_APPLICABLE', message);
export const PromotionNotApplicable = {
  unknown: notApplicable('This promotion code does not exist'),
  inactive: notApplicable('This promotion code is not active'),
  notStarted: notApplicable('This promotion code is not valid yet'),
  ended: notApplicable('This promotion code has expired'),
  noLines: notApplicable('There is nothing to apply this promotion code to'),
  otherProduct: notApplicable('This promotion code does not apply to this product'),
  usageLimit: notApplicable('This promotion code has reached its usage limit'),
  perUserLimit: notApplicable('You have already used this promotion code the maximum number of times'),
};
