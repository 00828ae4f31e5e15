import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'express';

/**
 * Where this process writes multipart files while a request runs: one directory per request
 * under `<os.tmpdir()>/platform-uploads/<pid>/`, removed with everything in it once the response
 * has finished or the connection closed, whatever the outcome.
 */
export function uploadTempRoot(): string {
  return join(tmpdir(), 'platform-uploads', String(process.pid));
}

export async function requestTempDir(res: Response): Promise<string> {
  const root = uploadTempRoot();
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, 'req-'));
  // 'close' follows 'finish' on success and also fires when the client goes away mid-request.
  res.once('close', () => {
    rm(dir, { recursive: true, force: true, maxRetries: 2 }).catch(() => undefined);
  });
  return dir;
}
