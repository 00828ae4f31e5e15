/**
 * The settings that point an app under test at a test S3 server (`startS3Server()`), for
 * `isolatedInfrastructure(name, s3StorageEnv(server))`.
 */
export function s3StorageEnv(server: { endpoint: string; bucket: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: server.bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ...extra,
  };
}
