import pino, { Logger } from 'pino';
import { SECRET_KEYS } from '@platform/config';

export type { Logger } from 'pino';

/** Paths redacted from every log line: credentials in requests and any secret config value. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.refreshToken',
  '*.accessToken',
  ...SECRET_KEYS.map((key) => `*.${key}`),
];

export function createLogger(options: { name: string; level: string; pretty?: boolean }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    transport: options.pretty ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss' } } : undefined,
  });
}
