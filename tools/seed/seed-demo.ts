import type { ContainerInstance } from 'typedi';
import type { DemoManifest } from './demo-manifest';
import { seedIdentity } from './identity.seeder';

/** Loads the demo data (idempotent: creates only what is absent) and returns the manifest. */
export async function seedDemo(container: ContainerInstance): Promise<DemoManifest> {
  const identity = await seedIdentity(container);
  return { ...identity };
}

export type { DemoManifest } from './demo-manifest';
