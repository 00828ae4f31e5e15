import { Service } from 'typedi';
import { Database, PushPlatform } from '@platform/db';
import type { CustomerActor } from '../../shared';
import type { RegisterPushDeviceDto } from './dto/register-push-device.dto';
import type { PushDeviceView } from './push-device.views';

/** Devices kept per customer; registering one more forgets the least recently registered. */
export const MAX_DEVICES_PER_CUSTOMER = 20;

/**
 * POST /api/notifications/devices: registers the caller's device token (upsert). A token belongs
 * to one app install, so when another user had it (someone else signed in on that phone), it moves
 * to the caller: pushes follow whoever is signed in.
 */
@Service()
export class RegisterPushDeviceUseCase {
  constructor(private readonly db: Database) {}

  async execute(customer: CustomerActor, dto: RegisterPushDeviceDto): Promise<PushDeviceView> {
    return this.db.transaction(async (tx) => {
      const [rows] = await this.db.sequelize.query(
        `INSERT INTO push_devices (user_id, token, platform) VALUES (:userId, :token, :platform)
         ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform, updated_at = now()
         RETURNING token, platform, created_at AS "createdAt", updated_at AS "updatedAt"`,
        { replacements: { userId: customer.id, token: dto.token, platform: dto.platform as PushPlatform }, transaction: tx },
      );
      await this.db.sequelize.query(
        `DELETE FROM push_devices WHERE user_id = :userId AND id NOT IN (
           SELECT id FROM push_devices WHERE user_id = :userId ORDER BY updated_at DESC, id DESC LIMIT ${MAX_DEVICES_PER_CUSTOMER})`,
        { replacements: { userId: customer.id }, transaction: tx },
      );
      return (rows as PushDeviceView[])[0];
    });
  }
}
