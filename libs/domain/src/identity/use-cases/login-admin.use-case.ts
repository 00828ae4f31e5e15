import { Service } from 'typedi';
import { AdminModel } from '@platform/db';
import type { LoginDto } from '../dto/auth.dto';
import { InvalidCredentials } from '../identity.errors';
import { AdminView, normalizeEmail, SessionTokens, toAdminView } from '../identity.views';
import { LoginAttemptGuard } from '../login-attempt-guard.service';
import { PasswordHasher } from '../password-hasher';
import { SessionIssuer } from '../session-issuer.service';

@Service()
export class LoginAdminUseCase {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly guard: LoginAttemptGuard,
  ) {}

  /** `ip` is the caller's address, used to throttle failed attempts. */
  execute(input: LoginDto, ip: string): Promise<SessionTokens & { admin: AdminView }> {
    return this.guard.run({ realm: 'admin', email: input.email, ip }, () => this.verify(input));
  }

  private async verify(input: LoginDto): Promise<SessionTokens & { admin: AdminView }> {
    const admin = await AdminModel.findOne({ where: { email: normalizeEmail(input.email), isActive: true } });
    const valid = admin
      ? await this.hasher.verify(admin.passwordHash, input.password)
      : await this.hasher.verifyAgainstDummy(input.password);
    if (!admin || !valid) throw InvalidCredentials();
    const tokens = await this.sessions.start({ kind: 'admin', id: admin.id, permissions: admin.permissions });
    return { ...tokens, admin: toAdminView(admin) };
  }
}
