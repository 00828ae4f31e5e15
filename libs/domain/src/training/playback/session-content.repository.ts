import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database, TrainingSessionStatus, TrainingSessionType } from '@platform/db';
import { activeAccessSql } from '../../access';

/** A training as the caller may see it, with the asked session (null fields when it is not this training's). */
export interface SessionContentRow {
  onSale: boolean;
  /** An `enrolled` enrollment of this training and active product access now (ProductAccessPolicy's rule). */
  hasAccess: boolean;
  sessionId: number | null;
  title: string;
  description: string | null;
  type: TrainingSessionType;
  status: TrainingSessionStatus;
  durationMinutes: number;
  recordingKey: string | null;
  /** The caller's cohort's live link for this session when set (training_cohort_sessions), else the session's. */
  liveSessionRef: string | null;
}

/**
 * One round trip: the training (on sale or not), the session when it belongs to it, the caller's
 * enrolled enrollment of this training with its cohort's schedule override, and whether the caller
 * holds active access to the training's product (activeAccessSql, the access door's rule as SQL).
 * No row means no training.
 */
const CONTENT_SQL = `
  SELECT (t.status = 'published' AND p.is_published AND p.is_sellable) AS "onSale",
         (e.id IS NOT NULL AND EXISTS (SELECT 1 FROM product_access pa
            WHERE pa.product_id = t.product_id AND pa.user_id = :userId AND ${activeAccessSql('pa')})) AS "hasAccess",
         s.id AS "sessionId", s.title, s.description, s.type, s.status, s.duration_minutes AS "durationMinutes",
         s.recording_key AS "recordingKey", coalesce(cs.live_session_ref, s.live_session_ref) AS "liveSessionRef"
    FROM trainings t
    JOIN products p ON p.id = t.product_id
    LEFT JOIN LATERAL (SELECT e.id, e.cohort_id FROM training_enrollments e
                        WHERE e.user_id = :userId AND e.training_id = t.id AND e.status = 'enrolled'
                        ORDER BY e.id DESC LIMIT 1) e ON true
    LEFT JOIN training_sessions s ON s.id = :sessionId AND s.training_id = t.id
    LEFT JOIN training_cohort_sessions cs ON cs.cohort_id = e.cohort_id AND cs.session_id = s.id
   WHERE t.id = :trainingId`;

/** SQL of session content and playback; every read takes the caller. */
@Service()
export class SessionContentRepository {
  constructor(private readonly db: Database) {}

  async content(filter: { userId: string; trainingId: number; sessionId: number; at: Date }): Promise<SessionContentRow | null> {
    const [row] = await this.db.sequelize.query<SessionContentRow>(CONTENT_SQL, { replacements: filter, type: QueryTypes.SELECT });
    return row ?? null;
  }

  /** The recording (HLS playlist key) of a session now, for the playback route; null without one. */
  async recordingKey(sessionId: number): Promise<string | null> {
    const [row] = await this.db.sequelize.query<{ recordingKey: string | null }>(
      'SELECT recording_key AS "recordingKey" FROM training_sessions WHERE id = :sessionId',
      { replacements: { sessionId }, type: QueryTypes.SELECT },
    );
    return row?.recordingKey ?? null;
  }
}
