import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { BatchResponse, Message, MulticastMessage, SendResponse } from 'firebase-admin/messaging';
import { FcmMessagingClient, FcmPushProvider } from './fcm-push.provider';
import type { PushMessage } from './push-provider';

/** A messaging client that answers from a table instead of calling FCM. */
class StubMessaging implements FcmMessagingClient {
  readonly multicasts: MulticastMessage[] = [];
  readonly sent: Message[] = [];

  constructor(private readonly answer: (token: string) => SendResponse = () => ({ success: true, messageId: 'm' })) {}

  async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
    this.multicasts.push(message);
    const responses = message.tokens.map(this.answer);
    const successCount = responses.filter((response) => response.success).length;
    return { responses, successCount, failureCount: responses.length - successCount };
  }

  async send(message: Message): Promise<string> {
    this.sent.push(message);
    return 'projects/p/messages/1';
  }
}

const failure = (code: string) => ({ success: false, error: { code, message: code } }) as unknown as SendResponse;
const message: PushMessage = { title: 'Payment received', body: 'Order ORD-1 is paid.', data: { type: 'ORDER_PAYMENT_RECEIVED_CHECKOUT', eventId: '7' } };

describe(FcmPushProvider.name, () => {
  it('sends one multicast with the notification and the data, and counts the accepted tokens', async () => {
    const messaging = new StubMessaging();
    const result = await new FcmPushProvider(messaging).sendToTokens(['a', 'b'], message);
    expect(result).to.deep.equal({ delivered: 2, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] });
    expect(messaging.multicasts).to.deep.equal([
      { tokens: ['a', 'b'], notification: { title: message.title, body: message.body }, data: message.data },
    ]);
  });

  it('reports unregistered and invalid tokens for removal, and other failures as errors', async () => {
    const answers: Record<string, SendResponse> = {
      live: { success: true, messageId: 'm' },
      gone: failure('messaging/registration-token-not-registered'),
      junk: failure('messaging/invalid-registration-token'),
      busy: failure('messaging/server-unavailable'),
    };
    const result = await new FcmPushProvider(new StubMessaging((token) => answers[token])).sendToTokens(Object.keys(answers), message);
    expect(result.delivered).to.equal(1);
    expect(result.invalidTokens).to.deep.equal(['gone', 'junk']);
    expect(result.failedTokens).to.deep.equal(['busy']);
    expect(result.errors).to.deep.equal(['messaging/server-unavailable: messaging/server-unavailable']);
  });

  it('splits more than 500 tokens into several multicasts (FCM limit)', async () => {
    const messaging = new StubMessaging();
    const tokens = Array.from({ length: 1_201 }, (_, index) => `t${index}`);
    expect((await new FcmPushProvider(messaging).sendToTokens(tokens, message)).delivered).to.equal(1_201);
    expect(messaging.multicasts.map((multicast) => multicast.tokens.length)).to.deep.equal([500, 500, 201]);
  });

  it('sends a topic push as one message to the topic', async () => {
    const messaging = new StubMessaging();
    await new FcmPushProvider(messaging).sendToTopic('admins', message);
    expect(messaging.sent).to.deep.equal([{ topic: 'admins', notification: { title: message.title, body: message.body }, data: message.data }]);
  });

  describe('PUSH_SEND_TIMEOUT_MS', () => {
    const hang = () => new Promise<never>(() => undefined);
    /** Answers the first `answered` requests like FCM, then never answers again. */
    const stalling = (answered: number): FcmMessagingClient => {
      const stub = new StubMessaging();
      let calls = 0;
      return {
        sendEachForMulticast: (multicast) => (++calls <= answered ? stub.sendEachForMulticast(multicast) : hang()),
        send: (topicMessage) => (++calls <= answered ? stub.send(topicMessage) : hang()),
      };
    };

    it('reports the tokens of a request FCM has not answered within the timeout as unanswered, with the error', async () => {
      const started = Date.now();
      const result = await new FcmPushProvider(stalling(0), 50).sendToTokens(['a', 'b'], message);
      expect(result).to.deep.equal({ delivered: 0, invalidTokens: [], failedTokens: [], unansweredTokens: ['a', 'b'], errors: ['FCM did not answer within 50 ms'] });
      expect(Date.now() - started).to.be.within(45, 2_000);
    });

    it('keeps the multicasts FCM answered when a later one times out (only the unanswered chunk is in doubt)', async () => {
      const tokens = Array.from({ length: 501 }, (_, index) => `t${index}`);
      const result = await new FcmPushProvider(stalling(1), 50).sendToTokens(tokens, message);
      expect(result).to.deep.equal({ delivered: 500, invalidTokens: [], failedTokens: [], unansweredTokens: ['t500'], errors: ['FCM did not answer within 50 ms'] });
    });

    it('fails a topic push once FCM has not answered within the timeout', async () => {
      await new FcmPushProvider(stalling(0), 50).sendToTopic('admins', message).then(
        () => expect.fail('expected a timeout'),
        (error: Error) => expect(error.message).to.equal('FCM did not answer within 50 ms'),
      );
    });
  });

  describe('fromSettings', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = JSON.stringify({
      type: 'service_account',
      project_id: 'platform-test',
      client_email: 'push@platform-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });

    it('initialises from the service-account JSON or from a file holding it, without calling FCM', async () => {
      expect(await FcmPushProvider.fromSettings({ serviceAccount: account })).to.be.instanceOf(FcmPushProvider);
      const dir = mkdtempSync(join(tmpdir(), 'fcm-'));
      try {
        writeFileSync(join(dir, 'account.json'), account);
        const provider = await FcmPushProvider.fromSettings({ serviceAccount: join(dir, 'account.json'), projectId: 'other-project' });
        expect(provider.name).to.equal('fcm');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses to start without credentials', async () => {
      await FcmPushProvider.fromSettings({}).then(
        () => expect.fail('expected a refusal'),
        (error: Error) => expect(error.message).to.include('FCM_SERVICE_ACCOUNT_JSON'),
      );
    });
  });
});
