/** What a push shows, and the data the app receives with it (FCM data values are strings). */
export interface PushMessage {
  title: string;
  body: string;
  data: Record<string, string>;
}

export interface PushTokensResult {
  /** Tokens the provider accepted. */
  delivered: number;
  /** Tokens the provider reports as unregistered or invalid: the caller forgets them. */
  invalidTokens: string[];
  /** Tokens the provider answered it did not reach, for a reason worth a retry (quota, outage). */
  failedTokens: string[];
  /**
   * Tokens of requests that got no answer (a timeout, a broken connection): the provider may
   * still deliver them, so a sender that must not push twice does not send them again.
   */
  unansweredTokens: string[];
  /** Those failures' messages. */
  errors: string[];
}

/** A push service (Firebase Cloud Messaging, or the log in development). */
export interface PushProvider {
  readonly name: string;
  sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult>;
  /** A push to every device subscribed to `topic` (the admin devices); throws when not accepted. */
  sendToTopic(topic: string, message: PushMessage): Promise<void>;
}
