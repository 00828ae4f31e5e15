import type { AppConfig } from '@platform/config';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];

/**
 * Where the apps send mail (SMTP_URL wins over SMTP_HOST/SMTP_PORT, as in the mailer), and
 * whether the local sink can stand in there: plain SMTP on this machine.
 */
export function smtpTarget(smtp: AppConfig['smtp']): { host: string; port: number; local: boolean } {
  if (smtp.url) {
    const url = new URL(smtp.url);
    const port = Number(url.port || (url.protocol === 'smtps:' ? 465 : 25));
    return { host: unbracket(url.hostname), port, local: url.protocol === 'smtp:' && LOCAL_HOSTS.includes(url.hostname) };
  }
  // Port 465 means implicit TLS to the mailer, which the plain sink cannot answer.
  return { host: unbracket(smtp.host), port: smtp.port, local: LOCAL_HOSTS.includes(smtp.host) && smtp.port !== 465 };
}

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');
