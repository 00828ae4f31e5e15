import { Body, CurrentUser, Get, HttpCode, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { UserModel } from '@platform/db';
import {
  CustomerActor,
  LoginCustomerUseCase,
  LoginDto,
  RefreshSessionUseCase,
  RefreshTokenDto,
  RegisterCustomerDto,
  RegisterCustomerUseCase,
  Unauthorized,
} from '@platform/domain';
import { ApiResponse, ClientIp, CustomerRoute } from '@platform/http';

/** Customer token issuance, on the web prefix and the mobile prefix alike (CONTRACT section 3). */
@Service()
@JsonController()
export class CustomerAuthController {
  constructor(
    private readonly register: RegisterCustomerUseCase,
    private readonly login: LoginCustomerUseCase,
    private readonly refresh: RefreshSessionUseCase,
  ) {}

  @Post('/api/auth/register')
  @Post('/api/mobile/auth/register')
  @HttpCode(201)
  @OpenAPI({ summary: 'Create a customer account and sign in' })
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
  @OpenAPI({ summary: 'Exchange a refresh token for new tokens (the old one stops working)' })
  async refreshSession(@Body() dto: RefreshTokenDto) {
    return ApiResponse.ok(await this.refresh.execute('customer', dto.refreshToken), 'Token refreshed successfully');
  }

  @Get('/api/auth/me')
  @Get('/api/mobile/auth/me')
  @CustomerRoute()
  @OpenAPI({ summary: "The signed-in customer's profile" })
  async me(@CurrentUser() customer: CustomerActor) {
    const user = await UserModel.findByPk(customer.id);
    if (!user) throw Unauthorized();
    return { id: user.id, email: user.email, fullName: user.fullName, phone: user.phone, createdAt: user.createdAt };
  }
}
