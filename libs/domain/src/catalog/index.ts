export * from './catalog.errors';
export { slugify, SLUG_PATTERN, SLUG_MAX_LENGTH } from './slugs/slugify';
export { ProductSlugs } from './slugs/product-slugs.service';
export { ProductWriter } from './products/product-writer.service';
export { CreateProductFieldsDto, UpdateProductFieldsDto, MAX_PRICE_PAISA } from './products/dto/product-fields.dto';
export { toCourseView } from './courses/course.views';
export type { CourseView, CourseWithProduct } from './courses/course.views';
