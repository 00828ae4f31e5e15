import { Service } from 'typedi';
import { UserModel } from '@platform/db';
import type { LoginDto } from '../dto/auth.dto';
import { InvalidCredentials } from '../identity.errors';
import { CustomerView, normalizeEmail, SessionTokens, toCustomerView } from '../identity.views';
import { LoginAttemptGuard } from '../login-attempt-guard.service';
import { PasswordHasher } from '../password-hasher';
import { SessionIssuer } from '../session-issuer.service';

@Service()
export class LoginCustomerUseCase {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly guard: LoginAttemptGuard,
  ) {}

  /** `ip` is the caller's address, used to throttle failed attempts. */
  execute(input: LoginDto, ip: string): Promise<SessionTokens & { user: CustomerView }> {
    return this.guard.run({ realm: 'customer', email: input.email, ip }, () => this.verify(input));
  }

  private async verify(input: LoginDto): Promise<SessionTokens & { user: CustomerView }> {
    const user = await UserModel.findOne({ where: { email: normalizeEmail(input.email) } });
    const valid = user
      ? await this.hasher.verify(user.passwordHash, input.password)
      : await this.hasher.verifyAgainstDummy(input.password);
    if (!user || !valid) throw InvalidCredentials();
    const tokens = await this.sessions.start({ kind: 'customer', id: user.id });
    return { ...tokens, user: toCustomerView(user) };
  }
}
