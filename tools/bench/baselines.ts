import express, { Express } from 'express';
import { Pool } from 'pg';
import type { AppConfig } from '@platform/config';
import { listen } from '@platform/http';
import type { Cleanup } from './cleanup';
import { mountPageReadBaselines } from './page-read-baselines';

export interface Baselines {
  /** Bare express answering `GET /healthz` with the health body of the apps. */
  bareExpressUrl: string;
  /** Bare express + pg answering `GET /users/:id` with one indexed lookup in `users`. */
  expressPgUrl(userId: string): string;
  /** Bare express + pg answering `POST /orders` with one INSERT keyed by the Idempotency-Key header. */
  expressPgInsertUrl: string;
  /**
   * Bare express + pg answering `POST /courses/:courseId/lessons/:lessonId/heartbeat` (the user id
   * is the bearer value, unverified) with one INSERT into bench_baseline_watch_events and one
   * UPDATE of the (user, lesson) row of bench_baseline_progress, which must exist already.
   */
  expressPgHeartbeatUrl(courseId: number, lessonId: number): string;
}

/** The express + pg routes doing the SQL of an uncached customer-api page read (page-read-baselines.ts); the user id is the bearer value. */
export interface PageReadBaselines {
  /** `GET /orders-page`: the first page of the caller's orders, their count and lines per order. */
  expressPgOrdersPageUrl: string;
  /** `GET /cart`: the caller's active cart and its lines with their products. */
  expressPgCartUrl: string;
}

/**
 * The reference servers each scenario is compared with. They run in the same process as the
 * apps and are served by the same `listen()`, so the ratio isolates what the app stack adds.
 */
export async function startBaselines(config: AppConfig, cleanup: Cleanup): Promise<Baselines & PageReadBaselines> {
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
  // The heartbeat baseline's tables: watch_events' columns, primary key and index (not partitioned),
  // and a progress row per (user, lesson) that the heartbeat group writes in its prepare step.
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_baseline_watch_events (
       id bigserial NOT NULL,
       user_id uuid NOT NULL,
       lesson_id integer NOT NULL,
       event_type varchar(20) NOT NULL DEFAULT 'heartbeat' CHECK (event_type IN ('heartbeat', 'play', 'pause', 'seek', 'ended')),
       watch_position integer NOT NULL CHECK (watch_position >= 0),
       total_watched_seconds integer NOT NULL CHECK (total_watched_seconds >= 0),
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (id, created_at));
     CREATE INDEX IF NOT EXISTS bench_baseline_watch_events_user_lesson_idx ON bench_baseline_watch_events (user_id, lesson_id, created_at);
     CREATE TABLE IF NOT EXISTS bench_baseline_progress (
       user_id uuid NOT NULL,
       lesson_id integer NOT NULL,
       watch_position integer NOT NULL DEFAULT 0,
       total_watched_seconds integer NOT NULL DEFAULT 0,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (user_id, lesson_id))`,
  );
  const withPg = await listen(expressWithPg(pool), 0);
  cleanup.add('stop the express + pg baseline', () => withPg.close(1_000));

  return {
    bareExpressUrl: `http://127.0.0.1:${bare.port}/healthz`,
    expressPgUrl: (userId) => `http://127.0.0.1:${withPg.port}/users/${encodeURIComponent(userId)}`,
    expressPgInsertUrl: `http://127.0.0.1:${withPg.port}/orders`,
    expressPgHeartbeatUrl: (courseId, lessonId) => `http://127.0.0.1:${withPg.port}/courses/${courseId}/lessons/${lessonId}/heartbeat`,
    expressPgOrdersPageUrl: `http://127.0.0.1:${withPg.port}/orders-page`,
    expressPgCartUrl: `http://127.0.0.1:${withPg.port}/cart`,
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
  // One INSERT, then one UPDATE (two statements, each its own transaction), as issue 8 states the
  // baseline: no token verification, no rate limit, no access or lesson checks.
  app.post('/courses/:courseId/lessons/:lessonId/heartbeat', express.json(), async (req, res, next) => {
    try {
      const userId = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
      const lessonId = Number(req.params['lessonId']);
      const { watchPosition, totalWatchedSeconds } = req.body as { watchPosition: number; totalWatchedSeconds: number };
      await pool.query(
        'INSERT INTO bench_baseline_watch_events (user_id, lesson_id, event_type, watch_position, total_watched_seconds) VALUES ($1, $2, $3, $4, $5)',
        [userId, lessonId, 'heartbeat', watchPosition, totalWatchedSeconds],
      );
      const updated = await pool.query(
        'UPDATE bench_baseline_progress SET watch_position = GREATEST(watch_position, $3), ' +
          'total_watched_seconds = GREATEST(total_watched_seconds, $4), updated_at = now() ' +
          'WHERE user_id = $1 AND lesson_id = $2 RETURNING watch_position AS "watchPosition", total_watched_seconds AS "totalWatchedSeconds"',
        [userId, lessonId, watchPosition, totalWatchedSeconds],
      );
      if (!updated.rowCount) return void res.status(404).json({ message: 'No progress row' });
      res.json({ message: 'heartbeat processed', data: updated.rows[0] });
    } catch (error) {
      next(error);
    }
  });
  mountPageReadBaselines(app, pool);
  return app;
}
