import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CreateDigitalBookDto,
  CreateDigitalBookUseCase,
  DeleteDigitalBookUseCase,
  DigitalBookQueryDto,
  DigitalBooksService,
  SetDigitalBookPublishedUseCase,
  UpdateDigitalBookDto,
  UpdateDigitalBookUseCase,
} from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const BOOK_FIELDS =
  'data is a digital book: id, productId, title, slug, description, author, pageCount, coverRef, coverUrl (resolved on every ' +
  'read; null without a cover), fileKey (private storage key under uploads/), mrpPaisa, spPaisa (integer paisa), isPublished, ' +
  'isSellable, createdAt, updatedAt.';

@Service()
@JsonController('/api/admin/digital-books')
export class AdminDigitalBooksController {
  constructor(
    private readonly books: DigitalBooksService,
    private readonly createBook: CreateDigitalBookUseCase,
    private readonly updateBook: UpdateDigitalBookUseCase,
    private readonly setPublished: SetDigitalBookPublishedUseCase,
    private readonly deleteBook: DeleteDigitalBookUseCase,
  ) {}

  @Get()
  @RequirePermission('Products_READ')
  @OpenAPI({
    summary: 'List digital books, published or not',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | title | spPaisa; default updatedAt), ' +
      'order (asc | desc; default desc), search (in the title), published (true | false). Each row is a digital book.',
  })
  async list(@QueryParams() query: DigitalBookQueryDto) {
    return ApiResponse.page(await this.books.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('Products_CREATE')
  @OpenAPI({
    summary: 'Create a digital book (unpublished) with its product',
    description:
      'Body: title, slug?, mrpPaisa, spPaisa, isSellable?, description?, author?, pageCount?, coverRef?, fileKey? (must start ' +
      'with uploads/). spPaisa above mrpPaisa is 400 VALIDATION_ERROR; a slug used now or before by any product is 409 CONFLICT. ' +
      BOOK_FIELDS,
  })
  async create(@Body() dto: CreateDigitalBookDto) {
    return ApiResponse.ok(await this.createBook.execute(dto), 'Digital book created successfully');
  }

  @Get('/:id(\\d+)')
  @RequirePermission('Products_READ')
  @OpenAPI({ summary: 'Get a digital book', description: BOOK_FIELDS })
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.books.get(id));
  }

  @Patch('/:id(\\d+)')
  @RequirePermission('Products_UPDATE')
  @OpenAPI({
    summary: 'Update a digital book and its product',
    description:
      'Any of the create fields; description, author, pageCount, coverRef and fileKey may be null to clear them. Prices are ' +
      'checked after merging with the stored ones; a new slug keeps the old one resolving. An empty body is 400. ' +
      BOOK_FIELDS,
  })
  async update(@Param('id') id: number, @Body() dto: UpdateDigitalBookDto) {
    return ApiResponse.ok(await this.updateBook.execute(id, dto), 'Digital book updated successfully');
  }

  @Post('/:id(\\d+)/publish')
  @RequirePermission('Products_UPDATE')
  @OpenAPI({ summary: 'Publish a digital book (for sale when it is also sellable)', description: BOOK_FIELDS })
  async publish(@Param('id') id: number) {
    return ApiResponse.ok(await this.setPublished.execute(id, true), 'Digital book published successfully');
  }

  @Post('/:id(\\d+)/unpublish')
  @RequirePermission('Products_UPDATE')
  @OpenAPI({ summary: 'Unpublish a digital book (no longer for sale; existing access is kept)', description: BOOK_FIELDS })
  async unpublish(@Param('id') id: number) {
    return ApiResponse.ok(await this.setPublished.execute(id, false), 'Digital book unpublished successfully');
  }

  @Delete('/:id(\\d+)')
  @RequirePermission('Products_DELETE')
  @OpenAPI({
    summary: 'Delete a digital book with its product',
    description:
      'Refused with 409 CONFLICT once the product was granted, sold or named by a promotion code; unpublish it ' +
      'instead. data is { id }.',
  })
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteBook.execute(id), 'Digital book deleted successfully');
  }
}
