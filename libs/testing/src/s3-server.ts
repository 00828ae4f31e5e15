import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { createHash, createHmac, Hash, Hmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** http://127.0.0.1:<port>; use path-style addressing (region us-east-1 or any). */
  endpoint: string;
  bucket: string;
  /** s3rver's built-in account, the only one it knows. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Every request received, as `METHOD /path?query`, to see how the SDK talked to the store. */
  requests: string[];
  stop(): Promise<void>;
}

export interface TestS3ServerOptions {
  /**
   * The server's clock (Unix ms) for the expiry of presigned URLs, so a test can move past an
   * expiry without waiting for it. The real clock by default.
   */
  now?: () => number;
}

/**
 * A real S3-compatible server for tests (s3rver, objects in a temporary directory), so the S3
 * driver is tested over HTTP with the real SDK instead of a mock of it. s3rver 3.7 falls short of
 * S3 in two ways a test would notice, mended here in front of it:
 * - it accepts any V4 signature, so presigned (query) signatures are verified here, and a
 *   forged, tampered or expired URL is refused as S3 would;
 * - it has no AbortMultipartUpload (405), which the SDK calls when a multipart upload fails, so
 *   the abort is answered here and the parts are dropped.
 */
export async function startS3Server(bucket = 'platform-test', options: TestS3ServerOptions = {}): Promise<TestS3Server> {
  // s3rver ships no types; S3rverInstance below names the part used here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const requests: string[] = [];
  const record: KoaMiddleware = (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.req.url}`);
    return next();
  };
  server.middleware.unshift(record, verifyPresignedUrl(options.now ?? Date.now), abortMultipartUpload);
  const { port } = await server.run();
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requests,
    async stop() {
      if (stopped) return;
      stopped = true;
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface S3rverInstance {
  middleware: KoaMiddleware[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}

interface KoaContext {
  req: IncomingMessage;
  method: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** S3's longest presigned URL lifetime: seven days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

/**
 * Checks a presigned URL as S3 does (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html):
 * its lifetime (X-Amz-Date plus X-Amz-Expires seconds; past it, 403 "Request has expired"), then
 * its V4 signature, recomputed here.
 */
const verifyPresignedUrl =
  (now: () => number): KoaMiddleware =>
  async (ctx, next) => {
    const { 'X-Amz-Signature': provided } = ctx.query;
    if (typeof provided !== 'string') return next();
    const signedAt = parseAmzDate(String(ctx.query['X-Amz-Date'])).getTime();
    const expiresIn = Number(ctx.query['X-Amz-Expires']);
    if (Number.isNaN(signedAt) || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_SECONDS) {
      return refuse(ctx, 'AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is missing or invalid.', 400);
    }
    if (now() > signedAt + expiresIn * 1000) return refuse(ctx, 'AccessDenied', 'Request has expired');
    return verifySignature(ctx, next);
  };

const verifySignature: KoaMiddleware = async (ctx, next) => {
  const { 'X-Amz-Signature': provided, ...query } = ctx.query;
  const [accessKeyId, , region, service] = String(query['X-Amz-Credential']).split('/');
  if (accessKeyId !== ACCESS_KEY_ID) return refuse(ctx, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const presigner = new S3RequestPresigner({
    credentials: { accessKeyId, secretAccessKey: SECRET_ACCESS_KEY },
    region,
    service,
    sha256: NodeSha256,
  });
  const url = new URL(ctx.req.url ?? '/', `http://${ctx.req.headers.host}`);
  const request = {
    method: ctx.method,
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    query: query as Record<string, string>,
    headers: { host: String(ctx.req.headers.host) },
  };
  const signing = { signingDate: parseAmzDate(String(query['X-Amz-Date'])), expiresIn: Number(query['X-Amz-Expires']) };
  const expected = await presigner.presign(request, signing).catch(() => undefined);
  if (expected?.query?.['X-Amz-Signature'] !== provided) {
    return refuse(ctx, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  return next();
};

/** DELETE /<bucket>/<key>?uploadId=... (https://docs.aws.amazon.com/AmazonS3/latest/API/API_AbortMultipartUpload.html). */
const abortMultipartUpload: KoaMiddleware = async (ctx, next) => {
  const uploadId = ctx.query['uploadId'];
  if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId)) return next();
  const bucket = decodeURIComponent(new URL(ctx.req.url ?? '/', 'http://s3').pathname.split('/')[1] ?? '');
  await rm(join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), uploadId), { recursive: true, force: true });
  ctx.status = 204;
};

function refuse(ctx: KoaContext, code: string, message: string, status = 403): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** 20260101T120000Z -> Date */
function parseAmzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return new Date(NaN);
  const [, year, month, day, hour, minute, second] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
}

/** The SDK's checksum interface over node:crypto (SHA-256, or HMAC-SHA-256 with a secret). */
class NodeSha256 {
  private readonly hash: Hash | Hmac;

  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }

  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }

  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}
