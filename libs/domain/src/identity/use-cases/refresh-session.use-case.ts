import { Service } from 'typedi';
import { AdminModel, UserModel } from '@platform/db';
import type { Actor } from '../../shared';
import { InvalidRefreshToken } from '../identity.errors';
import type { SessionTokens } from '../identity.views';
import { RefreshTokenService } from '../refresh-token.service';
import { SessionIssuer } from '../session-issuer.service';

/** Exchanges a refresh token for a new access token and the next refresh token of its family. */
@Service()
export class RefreshSessionUseCase {
  constructor(
    private readonly refreshTokens: RefreshTokenService,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute(kind: Actor['kind'], refreshToken: string): Promise<SessionTokens> {
    const { subject, token } = await this.refreshTokens.rotate(refreshToken, kind);
    return this.sessions.tokens(await this.currentActor(subject), token);
  }

  /** Permissions come from the admin row as it is now, not as it was at login. */
  private async currentActor(subject: { kind: Actor['kind']; id: string }): Promise<Actor> {
    if (subject.kind === 'customer') {
      if (!(await UserModel.findByPk(subject.id, { attributes: ['id'] }))) throw InvalidRefreshToken();
      return { kind: 'customer', id: subject.id };
    }
    const admin = await AdminModel.findOne({ where: { id: subject.id, isActive: true } });
    if (!admin) throw InvalidRefreshToken();
    return { kind: 'admin', id: admin.id, permissions: admin.permissions };
  }
}
