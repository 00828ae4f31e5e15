export interface StorageUrlSettings {
  driver: 'local' | 's3';
  s3: { endpoint?: string; bucket: string; region: string; forcePathStyle: boolean; publicBaseUrl?: string };
}

/**
 * Turns a stored key into the URL a client uses (community-content-uploads.md, "Upload types"):
 * with the local driver `/<key>`; with S3 a direct URL for public keys. Signed URLs for private
 * keys arrive with the S3 driver.
 */
export class StorageUrls {
  constructor(private readonly settings: StorageUrlSettings) {}

  publicUrl(key: string | null | undefined): string | null {
    if (!key) return null;
    if (/^https?:\/\//i.test(key)) return key; // a legacy ref that is already a URL
    if (this.settings.driver === 'local') return `/${key}`;
    return `${this.publicBase()}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private publicBase(): string {
    const { endpoint, bucket, region, forcePathStyle, publicBaseUrl } = this.settings.s3;
    if (publicBaseUrl) return publicBaseUrl.replace(/\/$/, '');
    if (endpoint) {
      const base = new URL(endpoint);
      if (forcePathStyle) return `${base.origin}/${bucket}`;
      return `${base.protocol}//${bucket}.${base.host}`;
    }
    return `https://${bucket}.s3.${region}.amazonaws.com`;
  }
}
