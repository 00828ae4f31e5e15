export { createInfrastructure, closeInfrastructure } from './infrastructure';
export type { Infrastructure, InfrastructureOverrides } from './infrastructure';
export { createAppContainer } from './container';
export { loadConfigOrExit, onShutdownSignal } from './process-lifecycle';
