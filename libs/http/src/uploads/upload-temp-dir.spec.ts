import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Response } from 'express';
import { pruneStaleUploadTempDirs, pruneStaleUploadTempDirsOnce, requestTempDir, uploadTempRoot } from './upload-temp-dir';

describe(pruneStaleUploadTempDirs.name, () => {
  let parent: string;
  beforeEach(async () => (parent = await mkdtemp(join(tmpdir(), 'upload-temp-prune-'))));
  afterEach(() => rm(parent, { recursive: true, force: true }));

  /** The pid of a process that has exited. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    return child.pid as number;
  }

  it('removes the folders of processes that are gone, with what they hold, and keeps the rest', async () => {
    const dead = String(await deadPid());
    await mkdir(join(parent, dead, 'req-abc'), { recursive: true });
    await writeFile(join(parent, dead, 'req-abc', 'upload'), 'half a video');
    for (const kept of [String(process.pid), String(process.ppid), 'not-a-pid', '0']) await mkdir(join(parent, kept));

    expect(await pruneStaleUploadTempDirs(parent)).to.deep.equal([dead]);
    expect((await readdir(parent)).sort()).to.deep.equal([String(process.pid), String(process.ppid), 'not-a-pid', '0'].sort());
  });

  it('does nothing, and does not throw, when there is no folder yet', async () => {
    expect(await pruneStaleUploadTempDirs(join(parent, 'missing'))).to.deep.equal([]);
  });

  it('runs once per process', () => {
    expect(pruneStaleUploadTempDirsOnce()).to.equal(pruneStaleUploadTempDirsOnce());
  });
});

describe(requestTempDir.name, () => {
  it('makes no directory for a response that has already closed', async () => {
    const before = await readdir(uploadTempRoot()).catch(() => [] as string[]);
    expect(await requestTempDir({ closed: true } as Response)).to.equal(undefined);
    expect(await readdir(uploadTempRoot()).catch(() => [] as string[])).to.deep.equal(before);
  });
});
