import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import type { Actor } from '../shared';
import { AccessTokenService } from './access-token.service';
import { RefreshTokenService } from './refresh-token.service';
import type { SessionTokens } from './identity.views';

/** Issues an access token and a fresh refresh-token family for a signed-in actor. */
@Service()
export class SessionIssuer {
  constructor(
    private readonly accessTokens: AccessTokenService,
    private readonly refreshTokens: RefreshTokenService,
  ) {}

  async start(actor: Actor, tx?: Transaction): Promise<SessionTokens> {
    const refresh = await this.refreshTokens.issue({ kind: actor.kind, id: actor.id }, tx);
    return this.tokens(actor, refresh.token);
  }

  tokens(actor: Actor, refreshToken: string): SessionTokens {
    return {
      accessToken: this.accessTokens.sign(actor),
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: this.accessTokens.ttlSeconds,
    };
  }
}
