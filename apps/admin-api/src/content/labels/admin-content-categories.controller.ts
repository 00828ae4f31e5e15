import { Body, Delete, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { ContentLabelsService, CreateContentLabelDto, CreateContentLabelUseCase, DeleteContentLabelUseCase } from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { BAD_ID, CREATE_RULES, LABEL_VIEW } from './content-label-docs';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

/**
 * Categories of newsletter items (routes of our design, CONTRACT section 10; items reference them
 * and an unknown id is 404 CONTENT_CATEGORY_NOT_FOUND).
 */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-categories')
export class AdminContentCategoriesController {
  constructor(
    private readonly labels: ContentLabelsService,
    private readonly createLabel: CreateContentLabelUseCase,
    private readonly deleteLabel: DeleteContentLabelUseCase,
  ) {}

  @Get('')
  @RequirePermission('Content_READ')
  @ApiDoc('List content categories', 'Every category by name (ties by id), unpaginated: the list is short. data is a list of ContentLabelView: id, name, slug.')
  async list() {
    return ApiResponse.ok(await this.labels.list('category'));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('Content_CREATE')
  @ApiDoc('Create a content category', `${CREATE_RULES} ${LABEL_VIEW}`)
  async create(@Body() dto: CreateContentLabelDto) {
    return ApiResponse.ok(await this.createLabel.execute('category', dto), 'Category created successfully');
  }

  @Delete('/:id([1-9]\\d*)')
  @RequirePermission('Content_DELETE')
  @ApiDoc(
    'Delete a content category',
    'Items filed under it stay, without a category. An unknown id is 404 CONTENT_CATEGORY_NOT_FOUND; ' +
      `${BAD_ID} ${LABEL_VIEW} (the deleted category)`,
  )
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteLabel.execute('category', id), 'Category deleted successfully');
  }
}
