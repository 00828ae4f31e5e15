import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted, parsed just enough for assertions. */
export interface SinkMessage {
  /** SMTP envelope recipients. */
  to: string[];
  /** The user name of SMTP AUTH, when the client authenticated. */
  authUser: string | null;
  /** Header names in lower case, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** `smtp://notify:secret@127.0.0.1:<port>` (the sink accepts any credentials). */
  url: string;
  messages: SinkMessage[];
  /** Answer every RCPT with this reply (e.g. 451) until set back to null. */
  refuse: { code: number; message: string } | null;
  /** Answer RCPT for these addresses with their reply (e.g. 550 for one, 452 for another). */
  refuseTo: Map<string, { code: number; message: string }>;
  /** Take the message data, then drop the connection without a reply (the client cannot know whether it arrived). */
  dropAfterData: boolean;
  /** As dropAfterData, for the messages to these addresses only. */
  dropAfterDataTo: Set<string>;
  /** Connections the sink accepted (a pooled client opens a few and sends many messages over each). */
  connections: number;
  /** Accept each message only this many ms after its data arrived (a slow server keeps jobs in flight). */
  delayMs: number;
  /** Messages whose data arrived, accepted or not yet. */
  received: number;
  /**
   * Stops listening: connections to the port are refused (an outage) until `start`. Open sessions
   * (a pooled client's) are told 421 and closed within CLOSE_MS, as a server going down does.
   */
  stop(): Promise<void>;
  /** Listens on the same port again. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server for tests (the `smtp-server` package): plain text, no STARTTLS, any login
 * accepted. Listens on `port` (0: a free one), so a test can stop it and start it again on the
 * same port to play an outage.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  let server: SMTPServer | null = null;
  const sink: SmtpSink = {
    port,
    url: '',
    messages: [],
    refuse: null,
    refuseTo: new Map(),
    dropAfterData: false,
    dropAfterDataTo: new Set(),
    connections: 0,
    delayMs: 0,
    received: 0,
    start: async () => {
      server = await listen(sink, sink.port);
      sink.port = (server.server.address() as AddressInfo).port;
      sink.url = `smtp://notify:secret@127.0.0.1:${sink.port}`;
    },
    stop: async () => {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    close: () => sink.stop(),
  };
  await sink.start();
  return sink;
}

/** How long `stop` lets open sessions finish before it closes them (smtp-server's own default: 30 s). */
const CLOSE_MS = 100;

async function listen(sink: SmtpSink, port: number): Promise<SMTPServer> {
  const server: SMTPServer = new SMTPServer({
    logger: false,
    closeTimeout: CLOSE_MS,
    onConnect: (_session, callback) => {
      sink.connections += 1;
      callback();
    },
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onRcptTo: (address, _session, callback) => {
      const refusal = sink.refuseTo.get(address.address) ?? sink.refuse;
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        sink.received += 1;
        if (sink.dropAfterData || session.envelope.rcptTo.some((rcpt) => sink.dropAfterDataTo.has(rcpt.address))) {
          // The connection object of this session (smtp-server keeps them in `connections`).
          const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections;
          [...connections].find((connection) => connection.id === session.id)?._socket.destroy();
          return;
        }
        if (sink.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, sink.delayMs));
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.messages.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          authUser: typeof session.user === 'string' ? session.user : null,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

function parseMessage(raw: string): Pick<SinkMessage, 'headers' | 'subject' | 'messageId' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw);
  const parts: Array<{ type: string; content: string }> = [];
  collectParts(headers, body, parts);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.content ?? '';
  return { headers, subject: headers['subject'] ?? '', messageId: headers['message-id'] ?? '', text: part('text/plain'), html: part('text/html') };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  const head = match ? entity.slice(0, match.index) : entity;
  const body = match ? entity.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, parts: Array<{ type: string; content: string }>): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const entity = splitEntity(section.replace(/^\r?\n/, ''));
      collectParts(entity.headers, entity.body, parts);
    }
    return;
  }
  const type = contentType.split(';')[0].trim().toLowerCase();
  parts.push({ type, content: decodeBody(body, headers['content-transfer-encoding'] ?? '7bit') });
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return quotedPrintable(body);
    default:
      return body.replace(/\r?\n$/, '');
  }
}

function quotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r?\n$/, '');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
    );
}
