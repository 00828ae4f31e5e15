import { Service } from 'typedi';
import { UserModel } from '@platform/db';
import type { CustomerActor } from '../shared';
import { InvalidAccessToken } from './identity.errors';
import { CustomerView, toCustomerView } from './identity.views';

/** Reads about customers. */
@Service()
export class CustomersService {
  async profile(actor: CustomerActor): Promise<CustomerView> {
    const user = await UserModel.findByPk(actor.id);
    if (!user) throw InvalidAccessToken('The account for this token no longer exists');
    return toCustomerView(user);
  }
}
