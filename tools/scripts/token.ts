import 'reflect-metadata';
import { loadConfig } from '@platform/config';
import { AccessTokenService, Actor } from '@platform/domain';
import { loadDotenv } from './load-dotenv';

const USAGE = `usage:
  npm run token -- customer <userId> [--ttl <seconds>]
  npm run token -- admin <adminId> [--permissions A,B] [--ttl <seconds>]   (default permissions: *)`;

/** Prints a signed access token for local use (CONTRACT section 2). */
function main(argv: string[]) {
  loadDotenv();
  const [kind, id] = argv;
  const option = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  if ((kind !== 'customer' && kind !== 'admin') || !id) throw new Error(USAGE);
  const ttl = Number(option('ttl') ?? 3600);
  if (!Number.isInteger(ttl) || ttl <= 0) throw new Error(`--ttl must be a positive number of seconds\n${USAGE}`);

  const actor: Actor =
    kind === 'customer'
      ? { kind, id }
      : { kind, id, permissions: (option('permissions') ?? '*').split(',').map((p) => p.trim()).filter(Boolean) };
  if (kind === 'customer' && !/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`a customer id is a UUID\n${USAGE}`);
  const tokens = new AccessTokenService(loadConfig());
  process.stdout.write(`${tokens.sign(actor, ttl)}\n`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
