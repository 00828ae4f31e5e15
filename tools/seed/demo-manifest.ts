/**
 * The demo manifest of CONTRACT section 7. Each context adds its part as it is built; keys of
 * contexts that do not exist yet are absent rather than empty, so nothing pretends to be there.
 */
export interface DemoManifest {
  admin: { email: string; password: string };
  customers: Array<{ id: string; email: string; password: string }>;
  courses: Array<{
    id: number;
    slug: string;
    productId: number;
    published: boolean;
    lessons: Array<{ id: number; topicId: number; durationSeconds: number | null }>;
  }>;
  digitalBooks: Array<{ id: number; productId: number }>;
  promotions: Array<{ code: string; productId: number | null } & ({ percent: number } | { discountPaisa: number })>;
  /** Published is the training's status and its product's publication together. */
  trainings: Array<{
    id: number;
    productId: number;
    slug: string;
    published: boolean;
    cohorts: Array<{ id: number; capacity: number; status: string; waitlist: Array<{ id: number; status: string }> }>;
    sessions: Array<{ id: number; type: string; status: string; hasRecording: boolean }>;
    formConfig: { fields: Array<{ key: string; label: string; type: string; required: boolean }> };
  }>;
  subscription: {
    modules: Array<{ id: string; slug: string }>;
    tiers: Array<{ id: string; moduleId: string; name: string; slug: string }>;
    plans: Array<{ id: string; tierId: string; trialDays: number }>;
    prices: Array<{ id: string; planId: string }>;
    features: Array<{ id: string; planId: string; featureKey: string; enabled: boolean }>;
  };
  /** requiredFeatureKey: the access policy's (null for an OPEN channel). */
  channels: Array<{ id: number; title: string; kind: string; accessPolicy: string; requiredFeatureKey: string | null }>;
  /** The newsletter series (CONTRACT section 7: one, with a free, a basic and a premium published item). */
  contentSeries: Array<{ id: number; slug: string }>;
  /** tier: the item's effective tier (its rule, else its series'), null for a free item. */
  contentItems: Array<{ id: number; slug: string; seriesId: number; tier: 'basic' | 'premium' | null; published: boolean }>;
  /** Listed companies of the market demo data (sector: the sector's code, e.g. commercial_banks). */
  companies: Array<{ id: string; symbol: string; sector: string }>;
}

export const DEMO_CUSTOMERS = [
  { email: 'sita@example.com', password: 'sita-demo-password', fullName: 'Sita Sharma', phone: '+9779801000001' },
  { email: 'ram@example.com', password: 'ram-demo-password', fullName: 'Ram Thapa', phone: '+9779801000002' },
] as const;
