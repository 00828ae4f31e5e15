import type { TrainingSessionModel, TrainingSessionStatus, TrainingSessionType } from '@platform/db';

/** A session as admins see it: every field, the private recording key included. */
export interface TrainingSessionView {
  id: number;
  trainingId: number;
  title: string;
  description: string | null;
  type: TrainingSessionType;
  status: TrainingSessionStatus;
  position: number;
  durationMinutes: number;
  scheduledAt: Date | null;
  liveSessionRef: string | null;
  recordingKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toTrainingSessionView(session: TrainingSessionModel): TrainingSessionView {
  return {
    id: session.id,
    trainingId: session.trainingId,
    title: session.title,
    description: session.description,
    type: session.type,
    status: session.status,
    position: session.position,
    durationMinutes: session.durationMinutes,
    scheduledAt: session.scheduledAt,
    liveSessionRef: session.liveSessionRef,
    recordingKey: session.recordingKey,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
  };
}
