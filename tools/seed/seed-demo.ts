import type { ContainerInstance } from 'typedi';
import type { DemoManifest } from './demo-manifest';
import { seedCatalog } from './catalog.seeder';
import { seedIdentity } from './identity.seeder';
import { seedMarket } from './market.seeder';
import { seedSubscriptions } from './subscriptions.seeder';

/** Loads the demo data (idempotent: creates only what is absent) and returns the manifest. */
export async function seedDemo(container: ContainerInstance): Promise<DemoManifest> {
  const identity = await seedIdentity(container);
  const catalog = await seedCatalog(container);
  const subscriptions = await seedSubscriptions(container);
  const market = await seedMarket(container);
  return { ...identity, ...catalog, ...subscriptions, ...market };
}

export type { DemoManifest } from './demo-manifest';
