import { Body, CurrentUser, Get, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { AdminActor, LoginAdminUseCase, LoginDto, RefreshSessionUseCase, RefreshTokenDto } from '@platform/domain';
import { ApiResponse, AUTH_RATE_LIMITS, ClientIp, PLAIN_ANSWER, RateLimit, RequirePermission } from '@platform/http';

@Service()
@JsonController('/api/admin/auth')
export class AdminAuthController {
  constructor(
    private readonly login: LoginAdminUseCase,
    private readonly refresh: RefreshSessionUseCase,
  ) {}

  @Post('/login')
  @OpenAPI({ summary: 'Sign in as an admin; failed attempts are throttled (429)' })
  async signIn(@Body() dto: LoginDto, @ClientIp() ip: string) {
    return ApiResponse.ok(await this.login.execute(dto, ip), 'Logged in successfully');
  }

  @Post('/refresh')
  @RateLimit(AUTH_RATE_LIMITS.refresh)
  @OpenAPI({ summary: 'Exchange a refresh token for new tokens (the old one stops working)' })
  async refreshSession(@Body() dto: RefreshTokenDto) {
    return ApiResponse.ok(await this.refresh.execute('admin', dto.refreshToken), 'Token refreshed successfully');
  }

  @Get('/me', PLAIN_ANSWER)
  @RequirePermission()
  @OpenAPI({ summary: 'The admin identity and permissions carried by the access token' })
  me(@CurrentUser() admin: AdminActor) {
    return { id: admin.id, permissions: admin.permissions };
  }
}
