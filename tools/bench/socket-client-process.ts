import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { SocketClientsCollect, SocketClientsJob, SocketClientsReady, SocketClientsReceipts } from './socket-clients.protocol';

/** How long the clients get beyond the work's own deadline before the bench gives up on them. */
const ANSWER_MARGIN_MS = 30_000;

/**
 * The bench's handle on the socket clients (socket-clients.ts in a forked child): one request and
 * its answer at a time, rejected when the child fails, exits or outlives `deadlineMs`. `stop()`
 * ends the child (the bench calls it in a `finally`).
 */
export class SocketClientProcess {
  private readonly child: ChildProcess;
  private failure?: Error;

  constructor() {
    // The child runs the TypeScript as this process does: `npm run bench` passes `-r @swc-node/register` in execArgv, mocha loads it by .mocharc.
    const execArgv = process.execArgv.includes('@swc-node/register') ? process.execArgv : [...process.execArgv, '-r', '@swc-node/register'];
    this.child = fork(join(__dirname, 'socket-clients.ts'), [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('error', (error) => (this.failure ??= error));
    this.child.on('exit', (code, signal) => (this.failure ??= new Error(`the socket clients exited (${signal ?? `code ${code}`})`)));
  }

  /** Connects and joins every token's socket; `deadlineMs` bounds the whole of it. */
  connect(job: SocketClientsJob, deadlineMs: number): Promise<SocketClientsReady> {
    return this.ask(job, 'ready', deadlineMs);
  }

  collect(job: SocketClientsCollect): Promise<SocketClientsReceipts> {
    return this.ask(job, 'receipts', job.timeoutMs + ANSWER_MARGIN_MS);
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }

  private ask<T extends SocketClientsReady | SocketClientsReceipts>(
    message: SocketClientsJob | SocketClientsCollect,
    answer: T['type'],
    deadlineMs: number,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const settle = (error?: Error, reply?: T) => {
        clearTimeout(timer);
        this.child.off('message', onMessage).off('exit', onEnd).off('error', onEnd);
        if (error) reject(error);
        else resolve(reply as T);
      };
      const onMessage = (reply: T) => reply.type === answer && settle(undefined, reply);
      const onEnd = () => settle(this.failure ?? new Error('the socket clients ended'));
      const timer = setTimeout(() => settle(new Error(`the socket clients did not answer '${answer}' within ${deadlineMs} ms`)), deadlineMs);
      this.child.on('message', onMessage).on('exit', onEnd).on('error', onEnd);
      this.child.send(message, (error) => error && settle(error));
    });
  }
}
