import { randomUUID } from 'node:crypto';
import { Container, ContainerInstance } from 'typedi';
import { Database } from '@platform/db';
import {
  CACHE,
  CHANNEL_PUSH_AUDIENCE,
  ChannelPushAudienceService,
  CONFIG,
  CONTENT_READERS_AUDIENCE,
  ContentReadersAudienceService,
  FULFILMENT_HANDLERS,
  LOGGER,
  ProductAccessFulfilmentService,
  REALTIME,
  REDIS,
  TrainingFulfilmentService,
} from '@platform/domain';
import { QueueRegistry } from '@platform/queue';
import { RateLimiters } from '@platform/redis';
import { Storage, StorageUrls } from '@platform/storage';
import type { Infrastructure } from './infrastructure';

/**
 * A typedi container of its own per app instance, so several apps (or test instances with
 * different settings) can live in one process without sharing singletons.
 */
export function createAppContainer(name: string, infra: Infrastructure): ContainerInstance {
  const container = Container.of(`${name}:${randomUUID()}`);
  container.set(CONFIG, infra.config);
  container.set(LOGGER, infra.logger);
  container.set(REDIS, infra.redis);
  container.set(CACHE, infra.cache);
  container.set(REALTIME, infra.realtime);
  container.set(Database, infra.db);
  container.set(RateLimiters, infra.rateLimiters);
  container.set(QueueRegistry, infra.queues);
  container.set(Storage, infra.storage);
  container.set(StorageUrls, infra.storage.urls);
  // What an order line of each product type gives once paid (one handler per type): every app
  // and the jobs share this list, so a payment settled by a request or by a job fulfils alike.
  container.set(FULFILMENT_HANDLERS, [ProductAccessFulfilmentService, TrainingFulfilmentService]);
  // Who gets a channel's broadcast push: the channels context's access function, asked by notifications.
  container.set(CHANNEL_PUSH_AUDIENCE, ChannelPushAudienceService);
  // Who gets a newsletter item by email or push: the content context's access rule, asked by notifications.
  container.set(CONTENT_READERS_AUDIENCE, ContentReadersAudienceService);
  return container;
}
