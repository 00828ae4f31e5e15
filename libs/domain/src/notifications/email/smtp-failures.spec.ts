import { expect } from 'chai';
import { smtpFailureOf } from './smtp-failures';

/** An error shaped as nodemailer's smtp-connection `_formatError` makes it. */
const smtpError = (fields: { code?: string; responseCode?: number; command?: string }) => Object.assign(new Error('smtp'), fields);

describe(smtpFailureOf.name, () => {
  it('a server that cannot be reached or talked to is an outage (nothing was handed over)', () => {
    for (const error of [
      smtpError({ code: 'ESOCKET', command: 'CONN' }), // ECONNREFUSED
      smtpError({ code: 'EDNS', command: 'CONN' }),
      smtpError({ code: 'ETIMEDOUT', command: 'CONN' }), // connection or greeting timeout
      smtpError({ code: 'ETLS', command: 'STARTTLS' }),
      smtpError({ code: 'EPROTOCOL', responseCode: 554, command: 'CONN' }), // a refusing greeting
      smtpError({ code: 'ECONNECTION', responseCode: 421, command: 'EHLO' }),
      smtpError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }),
      smtpError({ code: 'EENVELOPE', responseCode: 553, command: 'MAIL FROM' }), // the sender, every message alike
      smtpError({ code: 'ECONNECTION', responseCode: 421, command: 'CONN' }), // "closing" in place of the RCPT reply
      smtpError({ code: 'ECONNECTION', command: 'CONN' }), // dropped before the message data was invited
    ]) {
      expect(smtpFailureOf(error, false), JSON.stringify(error)).to.equal('unreachable');
    }
  });

  it('a reply about the recipient or the message decides: 4xx deferred, 5xx refused, 421 still an outage', () => {
    expect(smtpFailureOf(smtpError({ code: 'EENVELOPE', responseCode: 452, command: 'RCPT TO' }), false)).to.equal('deferred');
    expect(smtpFailureOf(smtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }), false)).to.equal('refused');
    expect(smtpFailureOf(smtpError({ code: 'EMESSAGE', responseCode: 451, command: 'DATA' }), true)).to.equal('deferred');
    expect(smtpFailureOf(smtpError({ code: 'EMESSAGE', responseCode: 554, command: 'DATA' }), true)).to.equal('refused');
    expect(smtpFailureOf(smtpError({ code: 'ECONNECTION', responseCode: 421, command: 'DATA' }), true)).to.equal('unreachable');
  });

  it('a connection lost without a reply once the message data was invited is unanswered (it may have arrived)', () => {
    expect(smtpFailureOf(smtpError({ code: 'ECONNECTION', command: 'CONN' }), true)).to.equal('unanswered');
    expect(smtpFailureOf(smtpError({ code: 'ETIMEDOUT', command: 'CONN' }), true)).to.equal('unanswered');
  });

  it('an error of no SMTP kind is unknown', () => {
    expect(smtpFailureOf(new Error('451 4.3.0 mailbox temporarily unavailable'), false)).to.equal('unknown');
    expect(smtpFailureOf(smtpError({ code: 'EENVELOPE', command: 'API' }), false)).to.equal('unknown');
    expect(smtpFailureOf('a string', true)).to.equal('unknown');
  });
});
