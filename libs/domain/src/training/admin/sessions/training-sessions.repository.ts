import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database, TrainingEnrollmentModel, TrainingSessionModel, Transaction } from '@platform/db';

/** The fields of a new session; its position is given by the repository (after the last one). */
export type NewTrainingSession = Pick<
  TrainingSessionModel,
  'trainingId' | 'title' | 'description' | 'type' | 'status' | 'durationMinutes' | 'scheduledAt' | 'liveSessionRef'
>;

/**
 * SQL over one training's sessions. Positions are unique per training through a DEFERRABLE
 * constraint, which PostgreSQL checks at the end of each statement: a statement that shifts many
 * positions at once (close a gap, reorder) never trips over a transient duplicate. Every write
 * here expects the caller to hold the training row lock.
 */
@Service()
export class TrainingSessionsRepository {
  constructor(private readonly db: Database) {}

  listOf(trainingId: number, tx?: Transaction): Promise<TrainingSessionModel[]> {
    return TrainingSessionModel.findAll({ where: { trainingId }, order: [['position', 'ASC'], ['id', 'ASC']], transaction: tx });
  }

  countOf(trainingId: number, tx: Transaction): Promise<number> {
    return TrainingSessionModel.count({ where: { trainingId }, transaction: tx });
  }

  /** Adds a session after the training's last one (position 0 for the first). */
  async append(session: NewTrainingSession, tx: Transaction): Promise<TrainingSessionModel> {
    const last = await TrainingSessionModel.max<number | null, TrainingSessionModel>('position', {
      where: { trainingId: session.trainingId },
      transaction: tx,
    });
    const position = last === null || last === undefined ? 0 : last + 1;
    return TrainingSessionModel.create({ ...session, position }, { transaction: tx });
  }

  isNamedByEnrollment(sessionId: number, tx: Transaction): Promise<boolean> {
    return TrainingEnrollmentModel.count({ where: { sessionId }, transaction: tx }).then((count) => count > 0);
  }

  /** Deletes the session (its cohort schedule entries cascade) and moves every later one up a place, so positions keep no gap. */
  async remove(session: TrainingSessionModel, tx: Transaction): Promise<void> {
    await session.destroy({ transaction: tx });
    await this.db.sequelize.query(
      'UPDATE training_sessions SET position = position - 1, updated_at = now() WHERE training_id = :trainingId AND position > :position',
      { replacements: { trainingId: session.trainingId, position: session.position }, transaction: tx, type: QueryTypes.UPDATE },
    );
  }

  /** Gives each session its index in `sessionIds` as position, in one statement. */
  async reorder(trainingId: number, sessionIds: number[], tx: Transaction): Promise<void> {
    await this.db.sequelize.query(
      `UPDATE training_sessions AS s SET position = o.ordinality - 1, updated_at = now()
         FROM unnest(ARRAY[:sessionIds]::integer[]) WITH ORDINALITY AS o(id, ordinality)
        WHERE s.id = o.id AND s.training_id = :trainingId AND s.position IS DISTINCT FROM o.ordinality - 1`,
      { replacements: { trainingId, sessionIds }, transaction: tx, type: QueryTypes.UPDATE },
    );
  }
}
