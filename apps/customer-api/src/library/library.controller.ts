import { CurrentUser, Get, JsonController, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, LibraryQueryDto, LibraryService } from '@platform/domain';
import { ApiResponse, CustomerRoute } from '@platform/http';

/** The caller's library: every product they can use now, one entry per product. */
@Service()
@JsonController()
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Get('/api/me/library')
  @Get('/api/mobile/me/library')
  @CustomerRoute()
  @OpenAPI({ summary: "The caller's active product access, one entry per product (QueryDto; sort grantedAt (default)|title|validUntil)" })
  async list(@CurrentUser() customer: CustomerActor, @QueryParams() query: LibraryQueryDto) {
    return ApiResponse.page(await this.library.list(customer, query));
  }
}
