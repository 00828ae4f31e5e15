/**
 * Answers of the progress reads (learning-commerce.md, "Video progress and resume") and their
 * OpenAPI schemas, kept side by side so the document cannot drift from the code.
 */

/** GET /api/courses/:courseId/lessons/:lessonId: the lesson content and the caller's progress in it. */
export interface LessonContentView {
  id: number;
  courseId: number;
  topicId: number;
  title: string;
  position: number;
  videoDurationSeconds: number | null;
  isFreePreview: boolean;
  videoKey: string | null;
  /** Where the player loads the video: a signed URL for a private key on a remote store. */
  videoUrl: string | null;
  /** When a signed videoUrl stops working (ISO-8601); null for a stable URL or no video. */
  videoUrlExpiresAt: string | null;
  /** The furthest position reached, seconds; null when the caller has no progress row. */
  lastWatchPosition: number | null;
  watchPercentage: number | null;
  totalWatchedSeconds: number;
  isCompleted: boolean;
  completedAt: Date | null;
}

export interface LessonProgressItemView {
  id: number;
  title: string;
  position: number;
  videoDurationSeconds: number | null;
  isFreePreview: boolean;
  /** Null when the caller never watched the lesson. */
  watchPosition: number | null;
  totalWatchedSeconds: number;
  isCompleted: boolean;
  completedAt: Date | null;
  watchPercentage: number | null;
}

/** GET /api/courses/:courseId/progress. */
export interface CourseProgressView {
  courseId: number;
  hasAccess: boolean;
  totalLessons: number;
  completedLessons: number;
  completionPercentage: number;
  lastWatched: { lessonId: number; watchPosition: number; updatedAt: Date } | null;
  topics: Array<{ id: number; title: string; position: number; lessons: LessonProgressItemView[] }>;
}

/** A progress row as the reads need it. */
export interface ProgressFields {
  watchPosition: number;
  totalWatchedSeconds: number;
  isCompleted: boolean;
  completedAt: Date | null;
}

const seconds = (description: string) => ({ type: 'integer', minimum: 0, description });
const WATCH_PERCENTAGE = {
  type: 'number',
  nullable: true,
  minimum: 0,
  maximum: 100,
  description: 'totalWatchedSeconds / videoDurationSeconds × 100, 2 decimals, capped at 100; null when the lesson has no video duration or the caller has no progress in it',
};
const IS_COMPLETED = { type: 'boolean', description: 'one-way latch: set at COMPLETION_THRESHOLD_PERCENT or by POST .../complete, never unset' };
const COMPLETED_AT = { type: 'string', format: 'date-time', nullable: true, description: 'the first completion; never overwritten' };
const LESSON_FIELDS = {
  id: { type: 'integer' },
  title: { type: 'string' },
  position: { type: 'integer' },
  videoDurationSeconds: { type: 'integer', nullable: true },
  isFreePreview: { type: 'boolean' },
};

export const LESSON_CONTENT_SCHEMA = {
  type: 'object',
  properties: {
    ...LESSON_FIELDS,
    courseId: { type: 'integer' },
    topicId: { type: 'integer' },
    videoKey: { type: 'string', nullable: true, description: 'private storage key of the video (an HLS playlist under uploads/video/)' },
    videoUrl: {
      type: 'string',
      nullable: true,
      description: 'URL of videoKey: /uploads/<key> with the local driver; a signed URL (SIGNED_URL_EXPIRES_SECONDS) on a remote store',
    },
    videoUrlExpiresAt: { type: 'string', format: 'date-time', nullable: true, description: 'when a signed videoUrl stops working; null for a stable URL' },
    lastWatchPosition: { type: 'integer', minimum: 0, nullable: true, description: 'the furthest position reached, seconds; null if never watched' },
    watchPercentage: WATCH_PERCENTAGE,
    totalWatchedSeconds: seconds('cumulative watched seconds; 0 when never watched'),
    isCompleted: IS_COMPLETED,
    completedAt: COMPLETED_AT,
  },
};

export const COURSE_PROGRESS_SCHEMA = {
  type: 'object',
  properties: {
    courseId: { type: 'integer' },
    hasAccess: { type: 'boolean', description: 'the caller holds active access to the course now' },
    totalLessons: { type: 'integer', description: 'enabled lessons of the course' },
    completedLessons: { type: 'integer', description: 'enabled lessons the caller completed' },
    completionPercentage: { type: 'number', minimum: 0, maximum: 100, description: 'completedLessons / totalLessons × 100, 2 decimals; 0 without lessons' },
    lastWatched: {
      type: 'object',
      nullable: true,
      description: "the caller's most recently updated progress row among the enabled lessons (a heartbeat that moved it, or a completion); null without any",
      properties: { lessonId: { type: 'integer' }, watchPosition: { type: 'integer' }, updatedAt: { type: 'string', format: 'date-time' } },
    },
    topics: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          position: { type: 'integer' },
          lessons: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                ...LESSON_FIELDS,
                watchPosition: { type: 'integer', minimum: 0, nullable: true, description: 'the furthest position reached; null if never watched' },
                totalWatchedSeconds: seconds('cumulative watched seconds; 0 when never watched'),
                isCompleted: IS_COMPLETED,
                completedAt: COMPLETED_AT,
                watchPercentage: WATCH_PERCENTAGE,
              },
            },
          },
        },
      },
    },
  },
};

/** The heartbeat's answer shape, which the completion route shares. */
export const LESSON_PROGRESS_SCHEMA = {
  type: 'object',
  properties: {
    watchPosition: seconds('the furthest position reached, seconds (0 when the lesson was completed without watching)'),
    totalWatchedSeconds: seconds('the greatest cumulative watched time reported, seconds'),
    isCompleted: IS_COMPLETED,
    watchPercentage: { ...WATCH_PERCENTAGE, description: 'totalWatchedSeconds / duration × 100, 2 decimals, capped at 100; null when the lesson has no video duration' },
  },
};
