import { AdminModel } from './admin.model';
import { CourseTopicModel } from './course-topic.model';
import { CourseModel } from './course.model';
import { CustomerUploadModel } from './customer-upload.model';
import { DigitalBookModel } from './digital-book.model';
import { LessonModel } from './lesson.model';
import { ProductAccessModel } from './product-access.model';
import { ProductSlugHistoryModel } from './product-slug-history.model';
import { ProductModel } from './product.model';
import { PromotionRedemptionModel } from './promotion-redemption.model';
import { PromotionModel } from './promotion.model';
import { RefreshTokenModel } from './refresh-token.model';
import { UserModel } from './user.model';

export {
  AdminModel,
  CourseModel,
  CourseTopicModel,
  CustomerUploadModel,
  DigitalBookModel,
  LessonModel,
  ProductAccessModel,
  ProductModel,
  ProductSlugHistoryModel,
  PromotionModel,
  PromotionRedemptionModel,
  RefreshTokenModel,
  UserModel,
};
export { PRODUCT_TYPES } from './product.model';
export type { ProductType } from './product.model';
export type { AccessType } from './product-access.model';
export type { DiscountType } from './promotion.model';

/** Models grouped by bounded context. */
export const identityModels = [UserModel, AdminModel, RefreshTokenModel];
export const catalogModels = [
  ProductModel,
  ProductSlugHistoryModel,
  CourseModel,
  CourseTopicModel,
  LessonModel,
  DigitalBookModel,
  PromotionModel,
  PromotionRedemptionModel,
  ProductAccessModel,
];

export const uploadModels = [CustomerUploadModel];

/** Every model. Sequelize binds a model class to one connection, so a process registers them once. */
export const ALL_MODELS = [...identityModels, ...catalogModels, ...uploadModels];
