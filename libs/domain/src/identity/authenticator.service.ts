import { Service } from 'typedi';
import type { Actor } from '../shared';
import { AccessTokenClaims, AccessTokenService } from './access-token.service';
import { ExistingCustomers } from './existing-customers';
import { InvalidAccessToken } from './identity.errors';

/**
 * Turns the claims of a signature-checked token into an actor. A customer token whose user
 * no longer exists is rejected (CONTRACT section 3; ExistingCustomers says how soon); admin
 * tokens may come from an outside identity service, so their `sub` is not looked up.
 */
@Service()
export class Authenticator {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly customers: ExistingCustomers,
  ) {}

  async actorFromClaims(claims: Partial<AccessTokenClaims>): Promise<Actor> {
    const actor = this.tokens.toActor(claims);
    if (!actor) throw InvalidAccessToken('Access token claims are invalid');
    if (actor.kind === 'customer' && !(await this.customers.exists(actor.id))) {
      throw InvalidAccessToken('The account for this token no longer exists');
    }
    return actor;
  }
}
