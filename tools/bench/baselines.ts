import express, { Express } from 'express';
import { Pool } from 'pg';
import type { AppConfig } from '@platform/config';
import { listen } from '@platform/http';
import type { Cleanup } from './cleanup';

export interface Baselines {
  /** Bare express answering `GET /healthz` with the health body of the apps. */
  bareExpressUrl: string;
  /** Bare express + pg answering `GET /users/:id` with one indexed lookup in `users`. */
  expressPgUrl(userId: string): string;
  /** Bare express + pg answering `POST /orders` with one INSERT keyed by the Idempotency-Key header. */
  expressPgInsertUrl: string;
}

/**
 * The reference servers each scenario is compared with. They run in the same process as the
 * apps and are served by the same `listen()`, so the ratio isolates what the app stack adds.
 */
export async function startBaselines(config: AppConfig, cleanup: Cleanup): Promise<Baselines> {
  const bare = await listen(bareExpress(), 0);
  cleanup.add('stop the bare express baseline', () => bare.close(1_000));

  // Same pool size as the apps' sequelize pool (DB_POOL_MAX), same database.
  const pool = new Pool({ connectionString: config.db.url, max: config.db.pool.max, application_name: 'platform-bench-baseline' });
  cleanup.add('close the baseline pg pool', () => pool.end());
  // A table of the scratch database (dropped with it): one row per request of the insert baseline.
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_baseline_orders (id bigserial PRIMARY KEY, idempotency_key text NOT NULL UNIQUE, ' +
      'product_id integer NOT NULL, return_url text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  const withPg = await listen(expressWithPg(pool), 0);
  cleanup.add('stop the express + pg baseline', () => withPg.close(1_000));

  return {
    bareExpressUrl: `http://127.0.0.1:${bare.port}/healthz`,
    expressPgUrl: (userId) => `http://127.0.0.1:${withPg.port}/users/${encodeURIComponent(userId)}`,
    expressPgInsertUrl: `http://127.0.0.1:${withPg.port}/orders`,
  };
}

function bareExpress(): Express {
  const app = express();
  app.get('/healthz', (_req, res) => {
    res.json({ message: 'OK', data: { status: 'ok' } });
  });
  return app;
}

function expressWithPg(pool: Pool): Express {
  const app = express();
  app.get('/users/:id', async (req, res, next) => {
    try {
      const found = await pool.query('SELECT id FROM users WHERE id = $1', [req.params.id]);
      if (!found.rowCount) return void res.status(404).json({ message: 'Not found' });
      res.json({ message: 'Success', data: found.rows[0] });
    } catch (error) {
      next(error);
    }
  });
  app.post('/orders', express.json(), async (req, res, next) => {
    try {
      const { productId, returnUrl } = req.body as { productId: number; returnUrl: string };
      const inserted = await pool.query(
        'INSERT INTO bench_baseline_orders (idempotency_key, product_id, return_url) VALUES ($1, $2, $3) RETURNING id',
        [req.get('idempotency-key'), productId, returnUrl],
      );
      res.json({ message: 'Payment initiated', data: inserted.rows[0] });
    } catch (error) {
      next(error);
    }
  });
  return app;
}
