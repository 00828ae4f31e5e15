import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER } from '../../shared';
import { FcmPushProvider } from './fcm-push.provider';
import { LogPushProvider } from './log-push.provider';
import type { PushProvider } from './push-provider';

/** The push provider PUSH_PROVIDER selects, built once per container on first use. */
@Service()
export class PushProviders {
  private provider?: Promise<PushProvider>;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  current(): Promise<PushProvider> {
    this.provider ??= this.create().catch((error: unknown) => {
      this.provider = undefined; // a failed start is retried on the next push
      throw error;
    });
    return this.provider;
  }

  /** Replaces the configured provider (a composition root bringing its own, or a test's recorder). */
  use(provider: PushProvider): void {
    this.provider = Promise.resolve(provider);
  }

  private async create(): Promise<PushProvider> {
    const push = this.config.notifications.push;
    return push.provider === 'fcm' ? FcmPushProvider.fromSettings(push.fcm) : new LogPushProvider(this.logger);
  }
}
