import { expect } from 'chai';
import pino from 'pino';
import { createRedisConnection } from './redis-connection';
import { RealtimeEmitter } from './realtime-emitter';

/** A logger that keeps what it writes. */
function recordingLogger() {
  const lines: Array<{ msg: string; channel?: string }> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('RealtimeEmitter when Redis is unreachable', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => void rejections.push(reason);

  beforeEach(() => {
    rejections.length = 0;
    process.on('unhandledRejection', onRejection);
  });
  afterEach(() => void process.off('unhandledRejection', onRejection));

  it('an emit is logged as lost and leaves no unhandled rejection (which would end the process)', async () => {
    // Port 1 refuses connections; with the offline queue off, publish rejects at once.
    const redis = createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'test-unreachable' }, { retryStrategy: () => null });
    redis.on('error', () => undefined);
    const { logger, lines } = recordingLogger();
    try {
      const emitter = new RealtimeEmitter(redis, 'test-unreachable', logger);
      expect(() => emitter.emit('channel:5', 'post.created', { channelId: 5, id: '1', seq: 1 })).not.to.throw();
      await settle();
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).to.deep.equal([]);
      expect(lines.map((line) => line.msg)).to.deep.equal(['realtime publish failed; the event is lost']);
      expect(lines[0]?.channel).to.equal('test-unreachable:socket.io#/#channel:5#');
    } finally {
      redis.disconnect();
    }
  });
});
