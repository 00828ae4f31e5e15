import { Service } from 'typedi';
import { Database } from '@platform/db';
import { CustomerActor, NotFound } from '../../shared';

export const PushDeviceNotFound = () => NotFound('Device not found');

/** DELETE /api/notifications/devices/:token: forgets one of the caller's devices (sign-out). */
@Service()
export class RemovePushDeviceUseCase {
  constructor(private readonly db: Database) {}

  async execute(customer: CustomerActor, token: string): Promise<{ token: string }> {
    const [rows] = await this.db.sequelize.query('DELETE FROM push_devices WHERE token = :token AND user_id = :userId RETURNING token', {
      replacements: { token, userId: customer.id },
    });
    if ((rows as unknown[]).length === 0) throw PushDeviceNotFound();
    return { token };
  }
}
