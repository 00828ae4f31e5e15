import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'express';

/**
 * Where this process writes multipart files while a request runs: one directory per request
 * under `<os.tmpdir()>/platform-uploads/<pid>/`, removed with everything in it once the response
 * has finished or the connection closed, whatever the outcome.
 */
export function uploadTempRoot(): string {
  return join(uploadTempParent(), String(process.pid));
}

const uploadTempParent = () => join(tmpdir(), 'platform-uploads');

/**
 * The request's directory, or undefined when its response has already closed (the client went
 * away): a directory made after the 'close' event would never be removed.
 */
export async function requestTempDir(res: Response): Promise<string | undefined> {
  if (res.closed) return undefined;
  const root = uploadTempRoot();
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, 'req-'));
  const remove = () => rm(dir, { recursive: true, force: true, maxRetries: 2 }).catch(() => undefined);
  if (res.closed) {
    await remove();
    return undefined;
  }
  // 'close' follows 'finish' on success and also fires when the client goes away mid-request.
  res.once('close', () => void remove());
  return dir;
}

let pruning: Promise<string[]> | undefined;

/** `pruneStaleUploadTempDirs`, run at most once per process (services call it at startup). */
export function pruneStaleUploadTempDirsOnce(): Promise<string[]> {
  pruning ??= pruneStaleUploadTempDirs();
  return pruning;
}

/**
 * Removes the `platform-uploads/<pid>` folders of processes that no longer run: a process killed
 * mid-upload (SIGKILL, out of memory, a crash) never got to remove its request directories.
 * Best effort: it never throws, and a folder it cannot remove is left. Folders of live processes,
 * including processes of other users (EPERM), and names that are not a pid are kept. Returns the
 * names of the folders removed.
 */
export async function pruneStaleUploadTempDirs(parent = uploadTempParent()): Promise<string[]> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!/^[1-9]\d*$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid || isRunning(pid)) continue;
    await rm(join(parent, name), { recursive: true, force: true, maxRetries: 2 }).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}

/** Signal 0 checks that a process exists without signalling it. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
