import type { Logger } from '@platform/observability';
import type { PushMessage, PushProvider, PushTokensResult } from './push-provider';

/**
 * PUSH_PROVIDER=log (the default): pushes are written to the log instead of sent, so development
 * and tests need no Firebase project. Tokens are shortened: they are credentials of a device.
 */
export class LogPushProvider implements PushProvider {
  readonly name = 'log';

  constructor(private readonly logger: Logger) {}

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    this.logger.info({ push: { tokens: tokens.map(shorten), ...message } }, 'push notification (log provider)');
    return { delivered: tokens.length, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] };
  }

  async sendToTopic(topic: string, message: PushMessage): Promise<void> {
    this.logger.info({ push: { topic, ...message } }, 'push notification to a topic (log provider)');
  }
}

const shorten = (token: string) => (token.length > 12 ? `…${token.slice(-8)}` : token);
