type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
export type NodemailerLogger = Record<LogLevel, (...args: unknown[]) => void>;

/** The fields nodemailer's smtp-connection puts on each entry of its transaction log. */
interface LogEntry {
  /** The connection's id: entries of the pool's connections interleave. */
  sid?: unknown;
  /** `client` (a command we sent), `server` (a reply), `smtp` (a failed session, with `err`). */
  tnx?: unknown;
  err?: unknown;
}

/**
 * Follows the SMTP sessions of a pooled transport through nodemailer's transaction log (commands
 * and replies, never the message), to tell, for a failed send, whether the server had invited the
 * message data (its 354) and not answered it yet. Before that, a lost connection delivered
 * nothing; after it, the message may have arrived.
 *
 * The pool shares one logger between its connections, so the log is read per connection (`sid`):
 * a connection is `awaitingAnswer` from its 354 until its next reply. When a connection fails,
 * nodemailer logs the very error object the send then rejects with (smtp-connection `_onError`),
 * so the state is noted on that error for `messageInvited` to read.
 */
export class SmtpSessionLog {
  private readonly awaitingAnswer = new Set<string>();
  private readonly invitedWhenFailed = new WeakMap<object, boolean>();

  readonly logger: NodemailerLogger = {
    trace: ignore,
    info: ignore,
    fatal: ignore,
    debug: (entry, line) => this.onTransaction(entry as LogEntry | undefined, line),
    warn: (entry) => this.onFailure(entry as LogEntry | undefined),
    error: (entry) => this.onFailure(entry as LogEntry | undefined),
  };

  /** Whether the session that failed with `error` had been invited to send the message data, and had not answered it. */
  messageInvited(error: unknown): boolean {
    return typeof error === 'object' && error !== null ? (this.invitedWhenFailed.get(error) ?? false) : false;
  }

  private onTransaction(entry: LogEntry | undefined, line: unknown): void {
    if (entry?.tnx !== 'server' || typeof entry.sid !== 'string' || typeof line !== 'string') return;
    if (/^354\b/.test(line)) this.awaitingAnswer.add(entry.sid);
    else this.awaitingAnswer.delete(entry.sid);
  }

  /** smtp-connection logs its failures with `err`; the pool's own entries (no `sid`) repeat them and are left alone. */
  private onFailure(entry: LogEntry | undefined): void {
    if (entry?.tnx !== 'smtp' || typeof entry.sid !== 'string' || typeof entry.err !== 'object' || entry.err === null) return;
    this.invitedWhenFailed.set(entry.err, this.awaitingAnswer.has(entry.sid));
    this.awaitingAnswer.delete(entry.sid);
  }
}

const ignore = () => undefined;
