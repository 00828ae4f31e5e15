import { join, resolve } from 'node:path';
import express, { Express } from 'express';
import type { AppConfig } from '@platform/config';

/**
 * With the local storage driver, `/uploads/...` is served from STORAGE_LOCAL_ROOT/uploads
 * (CONTRACT section 10): no directory listing or index files, no dotfiles, `nosniff` so a stored
 * file is never rendered as another type. Only `/uploads/` is served: local `public/` URLs are
 * not directly renderable, as the spec says. Missing files fall through to the JSON 404.
 */
export function serveLocalUploads(app: Express, storage: AppConfig['storage']): void {
  if (storage.driver !== 'local') return;
  app.use(
    '/uploads',
    (_req, res, next) => {
      res.set('X-Content-Type-Options', 'nosniff');
      next();
    },
    express.static(join(resolve(storage.localRoot), 'uploads'), { index: false, redirect: false, dotfiles: 'ignore', fallthrough: true }),
  );
}
