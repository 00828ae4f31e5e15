import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { renderMailList, renderMailPage } from './smtp-sink.page';

/** One mail the sink received, as the page shows it. */
export interface SinkMail {
  id: number;
  receivedAt: Date;
  from: string;
  /** Envelope recipients (RCPT TO), which include Bcc. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSinkOptions {
  /** SMTP port (0: a free one). */
  smtpPort: number;
  /** Port of the web page (0: a free one). */
  webPort: number;
  host?: string;
  /** Mails kept in memory; older ones are dropped first. */
  keep?: number;
  /** Called once per received mail (`npm start` prints one line). */
  onMail?: (mail: SinkMail) => void;
}

export interface SmtpSink {
  smtpPort: number;
  webPort: number;
  /** Newest first. */
  mails: SinkMail[];
  close(): Promise<void>;
}

/**
 * A development SMTP server that delivers nowhere: it accepts every mail (any login, no TLS),
 * keeps it in memory and lists it on a small web page, so notification emails sent by a local
 * `npm start` can be read instead of failing against an empty port.
 */
export async function startSmtpSink(options: SmtpSinkOptions): Promise<SmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.keep ?? 200;
  const mails: SinkMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const mail: SinkMail = {
            id: nextId++,
            receivedAt: new Date(),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          mails.unshift(mail);
          mails.splice(keep);
          options.onMail?.(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await listen(smtp.server, options.smtpPort, host);

  const web = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sink').pathname;
    const one = /^\/mails\/(\d+)$/.exec(path);
    const mail = one ? mails.find((candidate) => candidate.id === Number(one[1])) : undefined;
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
      res.end(body);
    };
    if (!isOwnHost(req.headers.host, (web.address() as AddressInfo).port)) return send(421, 'text/plain; charset=utf-8', 'Unknown host');
    if (req.method !== 'GET') return send(405, 'text/plain; charset=utf-8', 'Method not allowed');
    if (path === '/readyz') return send(200, 'text/plain; charset=utf-8', 'ok');
    if (path === '/') return send(200, 'text/html; charset=utf-8', renderMailList(mails));
    if (path === '/api/mails') return send(200, 'application/json', JSON.stringify(mails));
    if (mail) return send(200, 'text/html; charset=utf-8', renderMailPage(mail));
    return send(404, 'text/plain; charset=utf-8', 'Not found');
  });
  await listen(web, options.webPort, host);

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    webPort: (web.address() as AddressInfo).port,
    mails,
    close: async () => {
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => web.close(() => resolve()))]);
    },
  };
}

/**
 * The page holds every mail (reset links, tokens): a page on another site that rebinds its DNS
 * name to 127.0.0.1 could read it with the victim's browser, so only a loopback name on this port
 * is answered (the Host header carries the name the browser resolved).
 */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].some((name) => host?.toLowerCase() === `${name}:${port}`);
}

function listen(server: Server | SMTPServer['server'], port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
