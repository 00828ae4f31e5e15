export * from './catalog.errors';
export { slugify, SLUG_PATTERN, SLUG_MAX_LENGTH } from './slugs/slugify';
export { ProductSlugs } from './slugs/product-slugs.service';
export { toCourseView } from './courses/course.views';
export type { CourseView, CourseWithProduct } from './courses/course.views';
