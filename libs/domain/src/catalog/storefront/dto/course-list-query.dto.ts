/** The storefront course list: `search` on the title, product sort keys (an alias; see courses/dto/course.dto.ts). */
export { ProductListQueryDto as CourseListQueryDto } from '../../products/dto/product-list-query.dto';
