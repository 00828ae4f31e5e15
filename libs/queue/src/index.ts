export * from './jobs';
export { QueueRegistry, QueueUnavailableError } from './queue-registry';
export type { QueueSettings } from './queue-registry';
