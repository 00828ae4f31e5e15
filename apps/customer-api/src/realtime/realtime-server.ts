import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { HttpApp } from '@platform/http';
import { parseRecheckTarget, REALTIME_ACCESS_RECHECK, RealtimeRoomsService } from '@platform/domain';
import { createRealtimeAdapter } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { authenticateHandshake } from './realtime-auth';
import { RealtimeSessions } from './realtime-sessions';
import type { RealtimeSocket } from './realtime-socket';

export interface RealtimeServer {
  io: Server;
  sessions: RealtimeSessions;
  /** Ends every socket (clients reconnect, to another instance) and closes the adapter's Redis connections; leaves the HTTP server to its owner. */
  close(): Promise<void>;
}

/**
 * customer-api's socket.io server (CONTRACT section 9) on the app's HTTP server, at /socket.io.
 * Rooms are shared by every instance through the Redis adapter under the key RealtimeEmitter
 * publishes to (`<REDIS_PREFIX>:socket.io`), so a delta admin-api or the jobs emit after a commit
 * reaches the room's sockets on every instance, once each.
 */
export function attachRealtime(httpServer: HttpServer, app: HttpApp, infra: Infrastructure): RealtimeServer {
  const adapter = createRealtimeAdapter(infra.config.redis, infra.logger);
  const origins = infra.config.http.corsOrigins;
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    adapter: adapter.adapter,
    cors: { origin: origins.includes('*') ? true : origins },
  });
  const sessions = new RealtimeSessions(io, app.container.get(RealtimeRoomsService), infra.logger);
  io.use(authenticateHandshake(app.container));
  io.use((socket, next) => sessions.admit(socket as RealtimeSocket, next));
  io.on('connection', (socket) => sessions.add(socket as RealtimeSocket));

  // A write that took access away asks every instance at once (RealtimeAccessRecheck)...
  io.of('/').on(REALTIME_ACCESS_RECHECK, (payload: unknown) => {
    const target = parseRecheckTarget(payload);
    if (target) void sessions.recheck(target).catch((error: unknown) => infra.logger.warn({ err: error }, 'realtime access recheck failed'));
  });
  // ...and every socket is re-decided on a period, for what no write announces (an entitlement that ends).
  const sweep = setInterval(
    () => void sessions.recheckAll().catch((error: unknown) => infra.logger.warn({ err: error }, 'periodic realtime access recheck failed')),
    infra.config.realtime.accessRecheckSeconds * 1000,
  );
  sweep.unref();

  return {
    io,
    sessions,
    close: async () => {
      clearInterval(sweep);
      // A transport close, not a server disconnect: socket.io clients reconnect on their own.
      io.engine.close();
      // Closing the adapter's connections ends its subscriptions (an UNSUBSCRIBE first would wait on a Redis that is away).
      await adapter.close();
    },
  };
}
