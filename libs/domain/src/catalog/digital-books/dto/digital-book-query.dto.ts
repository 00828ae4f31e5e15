/** Admin list of digital books: `search` matches the title; `published` filters (an alias; see course.dto.ts). */
export { AdminProductListQueryDto as DigitalBookQueryDto } from '../../products/dto/product-list-query.dto';
