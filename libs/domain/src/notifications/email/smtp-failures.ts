/**
 * How a send that did not go through ended, as far as SMTP tells:
 * - `unreachable`: the server could not be reached or talked to before the message was handed
 *   over (refused connection, DNS, TLS, greeting, EHLO, login, the sender refused, or a 421
 *   "closing" reply at any step). Nothing was delivered, and every other message would fail alike:
 *   an outage, not this recipient's problem.
 * - `deferred`: a 4xx reply to this recipient or this message: not taken now, maybe later.
 * - `refused`: a 5xx reply to this recipient or this message: sending it again will not help.
 * - `unanswered`: the connection failed without a reply after the server invited the message
 *   data (354): the message may have been delivered.
 * - `unknown`: anything else (a message that could not be built, a local check of nodemailer's):
 *   nothing was handed over, but whether a retry helps is not known.
 */
export type SmtpFailure = 'unreachable' | 'deferred' | 'refused' | 'unanswered' | 'unknown';

/** What NotificationMailer.send rejects with: the SMTP error (its message kept) and how it ended. */
export class SmtpSendError extends Error {
  constructor(
    readonly failure: SmtpFailure,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message || cause.name : String(cause), { cause });
    this.name = 'SmtpSendError';
  }
}

/** The fields nodemailer puts on its errors (nodemailer/lib/smtp-connection `_formatError`). */
interface NodemailerErrorFields {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/** nodemailer's codes for a connection or session that failed without a reply to a message of ours. */
const SESSION_ERROR_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EREQUIRETLS', 'EPROXY', 'EAUTH', 'ENOAUTH', 'EOAUTH2', 'EPROTOCOL']);

/** Replies about one recipient or one message: RCPT TO, and DATA (nodemailer names the reply to the message data `DATA` too). */
const MESSAGE_COMMANDS = new Set(['RCPT TO', 'DATA']);

/**
 * Classifies a nodemailer error. A reply decides when there is one: 421 (the server is closing
 * the session) and replies to the session's setup or to MAIL FROM are the server's, not the
 * recipient's; replies to RCPT TO and DATA are the message's, 4xx deferred, 5xx refused. Without
 * a reply, a failed connection or session is an outage until the server invited the message
 * data (`messageInvited`), and unanswered after it.
 */
export function smtpFailureOf(error: unknown, messageInvited: boolean): SmtpFailure {
  const { code, responseCode, command } = (typeof error === 'object' && error !== null ? error : {}) as NodemailerErrorFields;
  if (typeof responseCode === 'number' && responseCode >= 400) {
    if (responseCode === 421 || typeof command !== 'string' || !MESSAGE_COMMANDS.has(command)) return 'unreachable';
    return responseCode >= 500 ? 'refused' : 'deferred';
  }
  if (typeof code === 'string' && SESSION_ERROR_CODES.has(code)) return messageInvited ? 'unanswered' : 'unreachable';
  return 'unknown';
}
