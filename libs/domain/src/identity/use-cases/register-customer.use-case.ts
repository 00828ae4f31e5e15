import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, isUniqueViolation, UserModel } from '@platform/db';
import type { RegisterCustomerDto } from '../dto/auth.dto';
import { EmailTaken } from '../identity.errors';
import { CustomerView, normalizeEmail, SessionTokens, toCustomerView } from '../identity.views';
import { PasswordHasher } from '../password-hasher';
import { SessionIssuer } from '../session-issuer.service';

@Service()
export class RegisterCustomerUseCase {
  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(input: RegisterCustomerDto): Promise<SessionTokens & { user: CustomerView }> {
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const user = await UserModel.create(
          {
            id: uuidv7(),
            email: normalizeEmail(input.email),
            passwordHash,
            fullName: input.fullName,
            phone: input.phone ?? null,
          },
          { transaction: tx },
        );
        const tokens = await this.sessions.start({ kind: 'customer', id: user.id }, tx);
        return { ...tokens, user: toCustomerView(user) };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw EmailTaken();
      throw error;
    }
  }
}
