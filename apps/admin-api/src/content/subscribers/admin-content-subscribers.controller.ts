import { Get, JsonController, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CONTENT_SUBSCRIBERS_UNPAGINATED_LIMIT, ContentSubscribersService, FetchContentSubscribersDto } from '@platform/domain';
import { ApiDoc, ApiParameters, ApiResponse, RequirePermission } from '@platform/http';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

const SUBSCRIBER = {
  type: 'object',
  properties: {
    userId: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: 'string' },
    tier: { type: 'string', enum: ['basic', 'premium'] },
    validUntil: { type: 'string', format: 'date-time' },
  },
};

/**
 * The newsletter subscriber list (issue 24 "Admin"; CONTRACT section 10: `tier=all|basic|premium`,
 * default all). Its own controller on the items' path: `/subscribers` is a literal route, and the
 * item routes take only numeric ids, so neither captures the other.
 */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-items')
export class AdminContentSubscribersController {
  constructor(private readonly subscribers: ContentSubscribersService) {}

  @Get('/subscribers')
  @RequirePermission('Content_READ')
  @ApiDoc(
    'List the users whose entitlement satisfies a content tier now',
    'Query: tier (all | basic | premium; default all): all is every user holding a content tier now, basic those whose ' +
      'tier satisfies basic (basic or premium holders), premium premium holders. A tier is held through a trial, an active ' +
      'subscription or an admin grant whose window contains now; a revoked or expired subscription gives none. QueryDto: page ' +
      `(1), size (20; above 100 capped to 100), pagination (true; false returns at most ${CONTENT_SUBSCRIBERS_UNPAGINATED_LIMIT} ` +
      'rows, count still says how many match), search (a part of the name or email, any case; % and _ literal), sort name ' +
      '(default; case-insensitive) | email | tier | validUntil, order asc (default) | desc; ties by user id. Any other value ' +
      'is 400 VALIDATION_ERROR. Paginated envelope (count, page, size); each row is { userId, name, email, tier (the tier ' +
      'held: premium when any live subscription gives premium), validUntil (the latest end among the live subscriptions ' +
      'giving that tier) }.',
  )
  @ApiParameters({
    in: 'query',
    name: 'tier',
    required: false,
    description: 'all (default), basic (basic or premium holders) or premium',
    schema: { type: 'string', enum: ['all', 'basic', 'premium'], default: 'all' },
  })
  @OpenAPI({
    responses: {
      '200': {
        description: 'Success',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                message: { type: 'string' },
                data: { type: 'array', items: SUBSCRIBER },
                count: { type: 'integer' },
                page: { type: 'integer' },
                size: { type: 'integer' },
              },
            },
          },
        },
      },
    },
  })
  async list(@QueryParams() query: FetchContentSubscribersDto) {
    return ApiResponse.page(await this.subscribers.list(query));
  }
}
