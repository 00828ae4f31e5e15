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

  get<T>(someClass: Constructor<T>, action?: Action): T {
    const container = (action?.request as Request | undefined)?.app?.locals['container'] as ContainerInstance | undefined;
    if (container) return container.get(someClass);
    if (!this.stateless.has(someClass)) this.stateless.set(someClass, new someClass());
    return this.stateless.get(someClass) as T;
  }
}

let installed = false;
export function installPerAppIoc(): void {
  if (installed) return;
  useContainer(new PerAppIocAdapter());
  installed = true;
}
