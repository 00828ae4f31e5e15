import type { ContainerInstance } from 'typedi';
import type { DemoManifest } from './demo-manifest';
import { seedCatalog } from './catalog.seeder';
import { seedChannels } from './channels.seeder';
import { seedContent } from './content.seeder';
import { seedIdentity } from './identity.seeder';
import { seedMarket } from './market.seeder';
import { seedSubscriptions } from './subscriptions.seeder';
import { seedTraining } from './training.seeder';

/** Loads the demo data (idempotent: creates only what is absent) and returns the manifest. */
export async function seedDemo(container: ContainerInstance): Promise<DemoManifest> {
  const identity = await seedIdentity(container);
  const catalog = await seedCatalog(container);
  const subscriptions = await seedSubscriptions(container);
  const market = await seedMarket(container);
  // The full cohort's waiting entry is the first demo customer's.
  const trainings = await seedTraining(container, identity.customers[0].id);
  // After the subscriptions: the gated channel names the signals feature key a plan gives.
  const channels = await seedChannels(container);
  const content = await seedContent(container);
  return { ...identity, ...catalog, ...trainings, ...subscriptions, ...channels, ...content, ...market };
}

export type { DemoManifest } from './demo-manifest';
