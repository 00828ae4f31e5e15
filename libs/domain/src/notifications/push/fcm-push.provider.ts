import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BatchResponse, Message, MulticastMessage } from 'firebase-admin/messaging';
import type { PushMessage, PushProvider, PushTokensResult } from './push-provider';

/** The part of firebase-admin's Messaging this provider uses; tests give a stub. */
export interface FcmMessagingClient {
  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse>;
  send(message: Message): Promise<string>;
}

export interface FcmSettings {
  /** FCM_SERVICE_ACCOUNT_JSON: the service-account JSON itself, or the path of a file holding it. */
  serviceAccount?: string;
  /** FCM_PROJECT_ID; defaults to the service account's project_id. */
  projectId?: string;
  /** PUSH_SEND_TIMEOUT_MS: how long one FCM request may take. */
  sendTimeoutMs?: number;
}

/** FCM's limit of tokens per multicast request. */
const MULTICAST_LIMIT = 500;
const DEFAULT_SEND_TIMEOUT_MS = 10_000;

/**
 * Error codes meaning the token will never work again, so the device row is dropped
 * (https://firebase.google.com/docs/cloud-messaging/manage-tokens#detect-invalid-token-responses-from-the-fcm-backend).
 * `invalid-argument` is not among them: it can also mean a malformed message.
 */
const GONE_TOKEN_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

/**
 * PUSH_PROVIDER=fcm: Firebase Cloud Messaging through firebase-admin (HTTP v1 API). firebase-admin
 * sets no timeout of its own, so each request gets PUSH_SEND_TIMEOUT_MS: an FCM that never answers
 * fails the send (retried like any outage) instead of holding the notifications worker.
 */
export class FcmPushProvider implements PushProvider {
  readonly name = 'fcm';

  constructor(
    private readonly messaging: FcmMessagingClient,
    private readonly sendTimeoutMs = DEFAULT_SEND_TIMEOUT_MS,
  ) {}

  /** A provider over its own firebase-admin app, initialised from the settings (no network until a send). */
  static async fromSettings(settings: FcmSettings): Promise<FcmPushProvider> {
    if (!settings.serviceAccount) throw new Error('FCM_SERVICE_ACCOUNT_JSON is not set');
    const { cert, initializeApp } = await import('firebase-admin/app');
    const { getMessaging } = await import('firebase-admin/messaging');
    const account = JSON.parse(
      settings.serviceAccount.trim().startsWith('{') ? settings.serviceAccount : readFileSync(settings.serviceAccount, 'utf8'),
    ) as Record<string, string>;
    const app = initializeApp(
      { credential: cert(account), projectId: settings.projectId ?? account['project_id'] },
      `platform-push-${randomUUID()}`,
    );
    return new FcmPushProvider(getMessaging(app), settings.sendTimeoutMs);
  }

  async sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    const result: PushTokensResult = { delivered: 0, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] };
    for (let start = 0; start < tokens.length; start += MULTICAST_LIMIT) {
      const chunk = tokens.slice(start, start + MULTICAST_LIMIT);
      const batch = await this.withinTimeout(this.messaging.sendEachForMulticast({ tokens: chunk, ...toFcm(message) })).catch(
        (error: unknown) => error as Error,
      );
      // A chunk without an answer may still be delivered; earlier chunks stay delivered.
      if (batch instanceof Error) {
        result.unansweredTokens.push(...chunk);
        result.errors.push(batch.message);
        continue;
      }
      batch.responses.forEach((response, index) => {
        if (response.success) result.delivered += 1;
        else if (response.error && GONE_TOKEN_CODES.has(response.error.code)) result.invalidTokens.push(chunk[index]);
        else {
          result.failedTokens.push(chunk[index]);
          result.errors.push(response.error ? `${response.error.code}: ${response.error.message}` : 'unknown FCM error');
        }
      });
    }
    return result;
  }

  async sendToTopic(topic: string, message: PushMessage): Promise<void> {
    await this.withinTimeout(this.messaging.send({ topic, ...toFcm(message) }));
  }

  /** The request's answer, or an error once the timeout passes without one (the request is left to settle on its own). */
  private withinTimeout<T>(request: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`FCM did not answer within ${this.sendTimeoutMs} ms`)), this.sendTimeoutMs);
    });
    return Promise.race([request, timeout]).finally(() => clearTimeout(timer));
  }
}

function toFcm(message: PushMessage) {
  return { notification: { title: message.title, body: message.body }, data: message.data };
}
