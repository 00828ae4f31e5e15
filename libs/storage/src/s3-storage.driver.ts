import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { PutOptions, StorageDriver, StoredObjectInfo, StoredObjectStream } from './storage-driver';
import { StorageObjectNotFoundError, StorageUnavailableError } from './storage.errors';

export interface S3DriverSettings {
  /** An S3-compatible endpoint (MinIO, R2, ...); AWS itself when absent. */
  endpoint?: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's default chain (environment, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Multipart parts of 8 MiB, two in flight: an upload holds about 24 MiB however large the file. */
export const S3_PART_SIZE = 8 * 1024 * 1024;
const S3_PARTS_IN_FLIGHT = 2;

/**
 * Objects in one S3 bucket. Bodies stream both ways; the client (and with it the credentials) is
 * private to the driver, and errors carry the SDK error only as `cause`, never the settings.
 */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3DriverSettings) {
    this.client = new S3Client(clientConfig(settings));
    this.bucket = settings.bucket;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType, ContentLength: options.contentLength },
      partSize: S3_PART_SIZE,
      queueSize: S3_PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw new StorageUnavailableError('upload', error);
    }
  }

  async open(key: string): Promise<StoredObjectStream> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { stream: object.Body as Readable, contentLength: object.ContentLength, contentType: object.ContentType };
    } catch (error) {
      if (isMissingObject(error)) throw new StorageObjectNotFoundError(key);
      throw new StorageUnavailableError('read', error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return;
      throw new StorageUnavailableError('delete', error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw new StorageUnavailableError('lookup', error);
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw new StorageUnavailableError('lookup', error);
    }
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    try {
      return await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
        expiresIn: expiresInSeconds,
      });
    } catch (error) {
      throw new StorageUnavailableError('signing', error);
    }
  }

  /** Closes the client's keep-alive connections. */
  close(): void {
    this.client.destroy();
  }
}

function clientConfig(settings: S3DriverSettings): S3ClientConfig {
  const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = settings;
  return {
    region,
    endpoint,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    requestHandler: { connectionTimeout: 5_000 },
    // Since SDK 3.729 every request carries CRC checksums by default; several S3-compatible
    // stores reject or ignore them, so with a custom endpoint they are sent only when required.
    ...(endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  };
}

/** HEAD answers a bare 404 (`NotFound`); GET answers `NoSuchKey`. A missing bucket is a fault, not a missing object. */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}
