import { expect } from 'chai';
import { StorageUrls } from './storage-urls';

describe(StorageUrls.name, () => {
  const s3 = { bucket: 'platform', region: 'ap-south-1', forcePathStyle: true };

  it('gives /<key> with the local driver', () => {
    expect(new StorageUrls({ driver: 'local', s3 }).publicUrl('public/trailer/a.mp4')).to.equal('/public/trailer/a.mp4');
  });

  it('passes a legacy ref that is already a URL through', () => {
    expect(new StorageUrls({ driver: 'local', s3 }).publicUrl('https://old.example.com/t.mp4')).to.equal('https://old.example.com/t.mp4');
  });

  it('gives null for no key', () => {
    expect(new StorageUrls({ driver: 'local', s3 }).publicUrl(null)).to.equal(null);
  });

  it('gives a path-style URL on an S3-compatible endpoint', () => {
    const urls = new StorageUrls({ driver: 's3', s3: { ...s3, endpoint: 'http://minio:9000' } });
    expect(urls.publicUrl('public/trailer/a b.mp4')).to.equal('http://minio:9000/platform/public/trailer/a%20b.mp4');
  });

  it('prefers S3_PUBLIC_BASE_URL (a CDN) when set', () => {
    const urls = new StorageUrls({ driver: 's3', s3: { ...s3, publicBaseUrl: 'https://cdn.example.com/' } });
    expect(urls.publicUrl('public/avatar/x.png')).to.equal('https://cdn.example.com/public/avatar/x.png');
  });

  it('gives the AWS virtual-hosted URL without an endpoint', () => {
    const urls = new StorageUrls({ driver: 's3', s3: { ...s3, forcePathStyle: false } });
    expect(urls.publicUrl('public/x.png')).to.equal('https://platform.s3.ap-south-1.amazonaws.com/public/x.png');
  });
});
