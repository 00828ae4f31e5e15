import { existsSync } from 'node:fs';

/** Reads `.env` from the working directory when present; real environment variables win. */
export function loadDotenv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
