import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '@platform/config';

const problemKeys = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems.map((problem) => problem.key);
  }
};

const ACCOUNT = JSON.stringify({ client_email: 'push@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\n...' });

/** The notification settings (SMTP_URL, NOTIFICATION_ADMIN_EMAILS, PUSH_PROVIDER, FCM_*) as the apps read them at boot. */
describe('notification configuration', () => {
  it('defaults to the log push provider, the admins topic, a 10 s push timeout and no admin email override', () => {
    const { notifications, smtp } = loadConfig({});
    expect(notifications).to.deep.equal({
      adminEmails: [],
      push: { provider: 'log', adminTopic: 'admins', fcm: { serviceAccount: undefined, projectId: undefined, sendTimeoutMs: 10_000 } },
    });
    expect(smtp.url).to.equal(undefined);
  });

  it('reads NOTIFICATION_ADMIN_EMAILS as a comma-separated list and refuses a non-address', () => {
    expect(loadConfig({ NOTIFICATION_ADMIN_EMAILS: ' ops@example.com,, billing@example.com ' }).notifications.adminEmails).to.deep.equal([
      'ops@example.com',
      'billing@example.com',
    ]);
    expect(problemKeys({ NOTIFICATION_ADMIN_EMAILS: 'ops@example.com, not-an-address' })).to.deep.equal(['NOTIFICATION_ADMIN_EMAILS']);
  });

  it('takes SMTP_URL as smtp:// or smtps:// only, and never prints it', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).smtp.url).to.equal('smtps://user:pass@mail.example.com:465');
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cret-value@mail.example.com' }))
      .to.throw(ConfigError, /SMTP_URL/)
      .with.property('message')
      .that.does.not.include('s3cret-value');
  });

  it('requires the service account when PUSH_PROVIDER is fcm, given as JSON or as a readable file', () => {
    expect(problemKeys({ PUSH_PROVIDER: 'fcm' })).to.deep.equal(['FCM_SERVICE_ACCOUNT_JSON']);
    expect(problemKeys({ PUSH_PROVIDER: 'apns' })).to.deep.equal(['PUSH_PROVIDER']);
    expect(problemKeys({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: '{"client_email":"x"}' })).to.deep.equal(['FCM_SERVICE_ACCOUNT_JSON']);
    expect(problemKeys({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: '/nonexistent/account.json' })).to.deep.equal(['FCM_SERVICE_ACCOUNT_JSON']);
    expect(loadConfig({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: ACCOUNT, FCM_PROJECT_ID: 'p' }).notifications.push).to.deep.include({
      provider: 'fcm',
      fcm: { serviceAccount: ACCOUNT, projectId: 'p', sendTimeoutMs: 10_000 },
    });
    expect(loadConfig({ PUSH_SEND_TIMEOUT_MS: '2500' }).notifications.push.fcm.sendTimeoutMs).to.equal(2_500);
    expect(problemKeys({ PUSH_SEND_TIMEOUT_MS: '0' })).to.deep.equal(['PUSH_SEND_TIMEOUT_MS']);
    const dir = mkdtempSync(join(tmpdir(), 'fcm-config-'));
    try {
      writeFileSync(join(dir, 'account.json'), ACCOUNT);
      expect(problemKeys({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: join(dir, 'account.json') })).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never prints a bad service-account value', () => {
    expect(() => loadConfig({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT_JSON: '{"private_key":"super-secret-key"}' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.does.not.include('super-secret-key');
  });
});
