import { request } from 'node:http';
import { expect } from 'chai';
import nodemailer from 'nodemailer';
import { loadConfig } from '@platform/config';
import { SinkMail, SmtpSink, startSmtpSink } from './smtp-sink';
import { smtpTarget } from './smtp-target';

describe('SMTP sink (tools/smtp-sink)', () => {
  let sink: SmtpSink;
  const logged: SinkMail[] = [];

  before(async () => {
    sink = await startSmtpSink({ smtpPort: 0, webPort: 0, onMail: (mail) => logged.push(mail) });
  });

  after(() => sink.close());

  const page = (path: string) => fetch(`http://127.0.0.1:${sink.webPort}${path}`);

  it('shows a mail sent with nodemailer on its page: subject, to, date, HTML and text bodies', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: sink.smtpPort, auth: { user: 'any', pass: 'thing' } });
    await transport.sendMail({
      from: 'Platform <no-reply@example.com>',
      to: 'sita@example.com',
      subject: 'Order ORD-1 placed',
      text: 'Your order ORD-1 is placed.',
      html: '<p>Your order <b>ORD-1</b> is placed.</p><script>alert(1)</script>',
    });

    expect(logged.map((mail) => [mail.to, mail.subject])).to.deep.equal([[['sita@example.com'], 'Order ORD-1 placed']]);
    const list = await page('/');
    expect(list.status).to.equal(200);
    expect(list.headers.get('x-powered-by')).to.equal(null);
    const listHtml = await list.text();
    expect(listHtml).to.include('Order ORD-1 placed').and.include('sita@example.com').and.include(logged[0].receivedAt.toISOString());

    const [mail] = (await (await page('/api/mails')).json()) as Array<{ id: number; from: string; subject: string }>;
    expect(mail).to.include({ subject: 'Order ORD-1 placed', from: '"Platform" <no-reply@example.com>' });
    const detail = await (await page(`/mails/${mail.id}`)).text();
    expect(detail).to.include('Your order ORD-1 is placed.');
    // The HTML body lives only inside the sandboxed frame's srcdoc, escaped: its script never runs here.
    expect(detail).to.include('<iframe sandbox srcdoc="&lt;p&gt;Your order &lt;b&gt;ORD-1&lt;/b&gt;');
    expect(detail).not.to.include('<script>');
  });

  it('answers 404 for a mail it does not hold and 405 for anything but GET', async () => {
    expect((await page('/mails/999999')).status).to.equal(404);
    expect((await fetch(`http://127.0.0.1:${sink.webPort}/`, { method: 'POST' })).status).to.equal(405);
  });

  it('answers only a loopback Host on its own port (421 otherwise), against DNS rebinding', async () => {
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port: sink.webPort, path: '/api/mails', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    for (const host of [`localhost:${sink.webPort}`, `127.0.0.1:${sink.webPort}`, `[::1]:${sink.webPort}`]) expect(await status(host), host).to.equal(200);
    for (const host of [`evil.example:${sink.webPort}`, 'localhost', `localhost:${sink.webPort + 1}`, `127.0.0.1.evil.example:${sink.webPort}`]) {
      expect(await status(host), host).to.equal(421);
    }
  });

  describe(smtpTarget.name, () => {
    const target = (env: Record<string, string>) => smtpTarget(loadConfig(env).smtp);

    it('stands in for the default 127.0.0.1:1025 and for a local SMTP_URL', () => {
      expect(target({})).to.deep.equal({ host: '127.0.0.1', port: 1025, local: true });
      expect(target({ SMTP_URL: 'smtp://u:p@localhost:2525' })).to.deep.equal({ host: 'localhost', port: 2525, local: true });
    });

    it('does not when SMTP_HOST or SMTP_URL points elsewhere or asks for TLS', () => {
      expect(target({ SMTP_HOST: 'smtp.example.com' }).local).to.equal(false);
      expect(target({ SMTP_URL: 'smtp://u:p@smtp.example.com:587' }).local).to.equal(false);
      expect(target({ SMTP_URL: 'smtps://u:p@127.0.0.1' }).local).to.equal(false);
      expect(target({ SMTP_PORT: '465' }).local).to.equal(false);
    });
  });
});
