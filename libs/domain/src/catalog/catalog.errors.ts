import { DomainError } from '../shared';

export const ProductNotFound = () => new DomainError('NOT_FOUND', 'Product not found');
export const CourseNotFound = () => new DomainError('NOT_FOUND', 'Course not found');
export const TopicNotFound = () => new DomainError('NOT_FOUND', 'Topic not found in this course');
export const LessonNotFound = () => new DomainError('NOT_FOUND', 'Lesson not found in this course');
export const DigitalBookNotFound = () => new DomainError('NOT_FOUND', 'Digital book not found');
export const SlugTaken = (slug: string) => new DomainError('CONFLICT', `The slug "${slug}" is already in use`);
export const PriceInvalid = () =>
  new DomainError('VALIDATION_ERROR', 'spPaisa must not be greater than mrpPaisa', {
    errors: [{ field: 'spPaisa', code: 'maxPrice', message: 'spPaisa must not be greater than mrpPaisa' }],
  });
export const ProductHasAccess = () =>
  new DomainError('CONFLICT', 'This product has been sold, granted or discounted; unpublish it instead of deleting it');
