import { Body, Delete, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { ContentLabelsService, CreateContentLabelDto, CreateContentLabelUseCase, DeleteContentLabelUseCase } from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { BAD_ID, CREATE_RULES, LABEL_VIEW } from './content-label-docs';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

/** Tags of newsletter items (routes of our design; an unknown id is 404 TAG_NOT_FOUND). */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-tags')
export class AdminContentTagsController {
  constructor(
    private readonly labels: ContentLabelsService,
    private readonly createLabel: CreateContentLabelUseCase,
    private readonly deleteLabel: DeleteContentLabelUseCase,
  ) {}

  @Get('')
  @RequirePermission('Content_READ')
  @ApiDoc('List content tags', 'Every tag by name (ties by id), unpaginated: the list is short. data is a list of ContentLabelView: id, name, slug.')
  async list() {
    return ApiResponse.ok(await this.labels.list('tag'));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('Content_CREATE')
  @ApiDoc('Create a content tag', `${CREATE_RULES} ${LABEL_VIEW}`)
  async create(@Body() dto: CreateContentLabelDto) {
    return ApiResponse.ok(await this.createLabel.execute('tag', dto), 'Tag created successfully');
  }

  @Delete('/:id([1-9]\\d*)')
  @RequirePermission('Content_DELETE')
  @ApiDoc(
    'Delete a content tag',
    `It is taken off every item carrying it. An unknown id is 404 TAG_NOT_FOUND; ${BAD_ID} ${LABEL_VIEW} (the deleted tag)`,
  )
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteLabel.execute('tag', id), 'Tag deleted successfully');
  }
}
