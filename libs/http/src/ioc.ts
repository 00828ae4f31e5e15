import type { Request } from 'express';
import { Action, IocAdapter, useContainer } from 'routing-controllers';
import type { ContainerInstance } from 'typedi';

type Constructor<T> = { new (...args: unknown[]): T };

/**
 * routing-controllers keeps one global IoC adapter; this one resolves each controller from the
 * container of the app that received the request, so apps never share instances. Stateless
 * interceptors, resolved without a request, are plain singletons.
 */
class PerAppIocAdapter implements IocAdapter {
  private readonly stateless = new Map<Function, unknown>();
  /** Each container's controllers, held here: typedi's own lookup showed as 3% of a signed-in request's CPU. */
  private readonly resolved = new WeakMap<ContainerInstance, Map<Function, unknown>>();

  get<T>(someClass: Constructor<T>, action?: Action): T {
    const container = (action?.request as Request | undefined)?.app?.locals['container'] as ContainerInstance | undefined;
    if (container) return this.fromContainer(container, someClass);
    if (!this.stateless.has(someClass)) this.stateless.set(someClass, new someClass());
    return this.stateless.get(someClass) as T;
  }

  /** Controllers are container singletons (none is transient), so one lookup per container and class is enough. */
  private fromContainer<T>(container: ContainerInstance, someClass: Constructor<T>): T {
    let instances = this.resolved.get(container);
    if (!instances) this.resolved.set(container, (instances = new Map()));
    if (!instances.has(someClass)) instances.set(someClass, container.get(someClass));
    return instances.get(someClass) as T;
  }
}

let installed = false;
export function installPerAppIoc(): void {
  if (installed) return;
  useContainer(new PerAppIocAdapter());
  installed = true;
}
