import { randomUUID } from 'node:crypto';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Cache } from '@platform/redis';
import { CACHE, CONFIG } from '../shared';
import type { CartView } from './cart.views';

/** A generation marker lives far longer than any view cached under it (see below). */
const MIN_GENERATION_TTL_SECONDS = 86_400;

/**
 * The customer's cart view, cached for CART_CUSTOMER_CACHE_TTL_SECONDS ("Limits") and
 * invalidated by every change. Views are stored under a per-user generation that each change
 * replaces, rather than deleted: a GET that read the database before a change committed and
 * writes its (old) view after the change's invalidation writes it under the old generation,
 * where no later read looks. A view whose cart has expired is never served, so the expiry rule
 * ("an expired cart returns 200 with a new empty cart") holds whatever the cache holds.
 * Redis failures are misses (Cache logs them): the database answers.
 */
@Service()
export class CartViewCache {
  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async read(userId: string, load: () => Promise<CartView>, at = new Date()): Promise<CartView> {
    const generation = (await this.cache.get<string>(generationKey(userId))) ?? 'initial';
    const key = viewKey(userId, generation);
    const cached = await this.cache.get<CartView>(key);
    if (cached && Date.parse(cached.expiresAt) > at.getTime()) return cached;
    const view = await load();
    await this.cache.set(key, view, this.config.limits.cart.cacheTtlSeconds);
    return view;
  }

  /** Called after a change commits: later reads miss and load the changed cart. */
  async invalidate(userId: string): Promise<void> {
    const ttl = Math.max(MIN_GENERATION_TTL_SECONDS, 2 * this.config.limits.cart.cacheTtlSeconds);
    await this.cache.set(generationKey(userId), randomUUID(), ttl);
  }
}

const generationKey = (userId: string) => `cart:generation:${userId}`;
const viewKey = (userId: string, generation: string) => `cart:view:${userId}:${generation}`;
