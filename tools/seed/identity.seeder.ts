import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import { UserModel } from '@platform/db';
import { CONFIG, EnsureBootstrapAdminUseCase, RegisterCustomerUseCase } from '@platform/domain';
import { DEMO_CUSTOMERS, DemoManifest } from './demo-manifest';

/** The bootstrap admin and two demo customers; existing rows are kept as they are. */
export async function seedIdentity(container: ContainerInstance): Promise<Pick<DemoManifest, 'admin' | 'customers'>> {
  const config: AppConfig = container.get(CONFIG);
  await container.get(EnsureBootstrapAdminUseCase).execute();

  const customers = [];
  for (const demo of DEMO_CUSTOMERS) {
    const existing = await UserModel.findOne({ where: { email: demo.email } });
    const id = existing
      ? existing.id
      : (await container.get(RegisterCustomerUseCase).execute({ ...demo })).user.id;
    customers.push({ id, email: demo.email, password: demo.password });
  }
  return { admin: { ...config.auth.bootstrapAdmin }, customers };
}
