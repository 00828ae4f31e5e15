import { Body, CurrentUser, Get, HttpCode, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CustomerActor,
  CustomersService,
  LoginCustomerUseCase,
  LoginDto,
  RefreshSessionUseCase,
  RefreshTokenDto,
  RegisterCustomerDto,
  RegisterCustomerUseCase,
} from '@platform/domain';
import { ApiResponse, AUTH_RATE_LIMITS, ClientIp, CustomerRoute, PLAIN_ANSWER, RateLimit } from '@platform/http';

/** Customer token issuance, on the web prefix and the mobile prefix alike (CONTRACT section 3). */
@Service()
@JsonController()
export class CustomerAuthController {
  constructor(
    private readonly register: RegisterCustomerUseCase,
    private readonly login: LoginCustomerUseCase,
    private readonly refresh: RefreshSessionUseCase,
    private readonly customers: CustomersService,
  ) {}

  @Post('/api/auth/register')
  @Post('/api/mobile/auth/register')
  @HttpCode(201)
  @RateLimit(AUTH_RATE_LIMITS.register)
  @OpenAPI({ summary: 'Create a customer account and sign in (AUTH_REGISTER_RATE_LIMIT per window per client)' })
  async signUp(@Body() dto: RegisterCustomerDto) {
    return ApiResponse.ok(await this.register.execute(dto), 'Registered successfully');
  }

  @Post('/api/auth/login')
  @Post('/api/mobile/auth/login')
  @OpenAPI({ summary: 'Sign in; failed attempts are throttled (429)' })
  async signIn(@Body() dto: LoginDto, @ClientIp() ip: string) {
    return ApiResponse.ok(await this.login.execute(dto, ip), 'Logged in successfully');
  }

  @Post('/api/auth/refresh')
  @Post('/api/mobile/auth/refresh')
  @RateLimit(AUTH_RATE_LIMITS.refresh)
  @OpenAPI({ summary: 'Exchange a refresh token for new tokens (the old one stops working)' })
  async refreshSession(@Body() dto: RefreshTokenDto) {
    return ApiResponse.ok(await this.refresh.execute('customer', dto.refreshToken), 'Token refreshed successfully');
  }

  @Get('/api/auth/me', PLAIN_ANSWER)
  @Get('/api/mobile/auth/me', PLAIN_ANSWER)
  @CustomerRoute()
  @OpenAPI({ summary: "The signed-in customer's profile" })
  me(@CurrentUser() customer: CustomerActor) {
    return this.customers.profile(customer);
  }
}
