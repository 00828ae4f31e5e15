import { Inject, Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import type { AppConfig } from '@platform/config';
import { AdminModel } from '@platform/db';
import { ALL_PERMISSIONS, CONFIG } from '../../shared';
import { normalizeEmail } from '../identity.views';
import { PasswordHasher } from '../password-hasher';

/**
 * Makes sure the admin named by ADMIN_EMAIL exists and holds "*". An existing row keeps its
 * password: changing ADMIN_PASSWORD later does not silently reset a password set elsewhere.
 */
@Service()
export class EnsureBootstrapAdminUseCase {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute(): Promise<{ id: string; created: boolean }> {
    const { email, password } = this.config.auth.bootstrapAdmin;
    const normalized = normalizeEmail(email);
    const existing = await AdminModel.findOne({ where: { email: normalized } });
    if (existing) return { id: existing.id, created: false };
    const [admin, created] = await AdminModel.findOrCreate({
      where: { email: normalized },
      defaults: {
        id: uuidv7(),
        email: normalized,
        passwordHash: await this.hasher.hash(password),
        fullName: 'Platform Admin',
        permissions: [ALL_PERMISSIONS],
        isActive: true,
      },
    });
    return { id: admin.id, created };
  }
}
