import { io as connectClient, Socket } from 'socket.io-client';
import { SocketClientsCollect, SocketClientsJob, SocketClientsMessage, SocketClientsReady, SocketClientsReceipts, wallClockMs } from './socket-clients.protocol';

/**
 * The socket side of `channels/socket-fan-out`, run as a child process so the clients never share
 * an event loop (or a heap) with the customer-api they load (socket-client-process.ts forks it; do
 * not import this file: it listens for IPC messages). On `connect` it opens one socket.io-client
 * socket per token (websocket transport, `auth.token`, as the apps connect), joins each to the
 * room and answers `ready`; it records the wall-clock time every `post.created` reaches every
 * socket; on `collect` it answers `receipts` once each socket holds the awaited posts (or the
 * deadline passed), then closes its sockets; the parent ends the process.
 */
interface Client {
  socket: Socket;
  seen: Set<number>;
  lastSeq: number;
}

const clients: Client[] = [];
const receivedAt = new Map<number, number[]>();
const tally = { duplicates: 0, outOfOrder: 0, unexpected: 0 };
let handshakes = 0;

function open(url: string, token: string, room: string): Promise<Client> {
  const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  const client: Client = { socket, seen: new Set(), lastSeq: 0 };
  socket.onAny((event: string, payload: { id?: number; seq?: number }) => {
    const at = wallClockMs();
    if (event !== 'post.created' || typeof payload?.id !== 'number' || typeof payload.seq !== 'number') return void (tally.unexpected += 1);
    if (client.seen.has(payload.id)) return void (tally.duplicates += 1);
    client.seen.add(payload.id);
    if (payload.seq <= client.lastSeq) tally.outOfOrder += 1;
    client.lastSeq = payload.seq;
    let times = receivedAt.get(payload.id);
    if (!times) receivedAt.set(payload.id, (times = []));
    times.push(at);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (error: Error & { data?: { errorCode?: string } }) => {
      socket.close();
      reject(new Error(`handshake refused: ${error.data?.errorCode ?? error.message}`));
    });
    socket.once('connect', () => {
      handshakes += 1;
      (socket.timeout(10_000).emitWithAck('join', room) as Promise<{ ok: boolean; errorCode?: string }>).then(
        (ack) => (ack.ok ? resolve(client) : (socket.close(), reject(new Error(`join refused: ${ack.errorCode}`)))),
        (error: Error) => (socket.close(), reject(new Error(`join unanswered: ${error.message}`))),
      );
    });
  });
}

async function connectAll(job: SocketClientsJob): Promise<SocketClientsReady> {
  const refusals: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < job.tokens.length) {
      const token = job.tokens[next++];
      await open(job.url, token, job.room).then(
        (client) => void clients.push(client),
        (error: Error) => void (refusals.length < 5 && refusals.push(error.message)),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, job.concurrency) }, worker));
  return { type: 'ready', connected: handshakes, joined: clients.length, refusals };
}

async function collect(job: SocketClientsCollect): Promise<SocketClientsReceipts> {
  const deadline = Date.now() + job.timeoutMs;
  const complete = () => job.postIds.every((id) => (receivedAt.get(id)?.length ?? 0) >= clients.length);
  while (!complete() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  // A duplicate arriving just behind the last original is still counted.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const awaited = new Set(job.postIds);
  for (const id of receivedAt.keys()) if (!awaited.has(id)) tally.unexpected += receivedAt.get(id)?.length ?? 0;
  return { type: 'receipts', receivedAt: Object.fromEntries(job.postIds.map((id) => [String(id), receivedAt.get(id) ?? []])), ...tally };
}

// Only as the forked child: imported by mistake, it must not answer another process's IPC messages.
if (require.main === module) process.on('message', (message: SocketClientsMessage) => {
  const answer = message.type === 'connect' ? connectAll(message) : collect(message);
  void answer.then(
    // After the receipts the sockets close; the parent ends this process (a disconnect here could drop the unsent answer).
    (reply) => process.send?.(reply, () => reply.type === 'receipts' && clients.forEach((client) => client.socket.close())),
    (error: Error) => {
      process.stderr.write(`socket clients failed: ${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
});
