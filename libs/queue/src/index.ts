export * from './jobs';
export { QueueRegistry } from './queue-registry';
export type { QueueSettings } from './queue-registry';
