import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, money } from './columns.js';
import { images, orders } from './compute.js';
import type { AppEnvVar, AppPort, AppReadiness } from './instance-apps.js';
import { videos } from './storage.js';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Where a course or an application stands. Only `published` ones are shown to others; `reviewing`
 * ones wait for an operator, `rejected` ones carry the reviewer's reason, `offShelf` ones were
 * published and taken down by their author (and go back up without a new review).
 */
export const ShelfStatus = { draft: 0, published: 1, reviewing: 2, rejected: 3, offShelf: 4 } as const;

export const courseCategories = pgTable('course_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** A course taught by a teacher (users.isTeacher). `price` is 0 for a free course, else thousandths of a yuan. */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id').references(() => courseCategories.id),
    courseName: varchar('course_name', { length: 80 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    introMarkdown: text('intro_markdown').notNull().default(''),
    introHtml: text('intro_html').notNull().default(''),
    /** A stored image key (content/stored-images.ts), '' for none. */
    coverKey: varchar('cover_key', { length: 80 }).notNull().default(''),
    isFree: boolean('is_free').notNull().default(true),
    price: money('price').notNull().default(0),
    /** Learners cannot seek past what they have watched; progress is saved either way. */
    noSkip: boolean('no_skip').notNull().default(false),
    status: smallint('status').notNull().default(ShelfStatus.draft),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    learnerCount: integer('learner_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_shelf_idx').on(t.status, t.publishedAt, t.id),
    index('courses_teacher_idx').on(t.teacherId, t.id),
    index('courses_category_idx').on(t.categoryId, t.status),
  ],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 80 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId, t.sort)],
);

/** What a period (课时) is: a video, a Markdown document, or a lab that opens an instance from an image. */
export type PeriodKind = 'video' | 'document' | 'lab';

export const coursePeriods = pgTable(
  'course_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 80 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<PeriodKind>().notNull(),
    sort: integer('sort').notNull().default(0),
    /** Free to watch before buying (the /preview/resource page); every period of a free course is free. */
    isPreview: boolean('is_preview').notNull().default(false),
    videoId: integer('video_id').references(() => videos.id),
    /** The video's length, from ffprobe or from the uploading browser; progress is measured against it. */
    durationSeconds: real('duration_seconds'),
    documentMarkdown: text('document_markdown').notNull().default(''),
    documentHtml: text('document_html').notNull().default(''),
    labImageId: integer('lab_image_id').references(() => images.id),
    createdAt: createdAt(),
  },
  (t) => [index('course_periods_chapter_idx').on(t.chapterId, t.sort), index('course_periods_course_idx').on(t.courseId)],
);

/** A downloadable file of a course; the blob is a stored file of the teacher's `course-accessories` area. */
export const courseAccessories = pgTable(
  'course_accessories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    blobKey: varchar('blob_key', { length: 300 }).notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('course_accessories_course_idx').on(t.courseId)],
);

/** A learner signed up to a course (`sign`): free at once, paid through an order (orderId). */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    paidAmount: money('paid_amount').notNull().default(0),
    /** Where the learner stopped last, for 「继续学习」. */
    lastPeriodId: integer('last_period_id').references(() => coursePeriods.id, { onDelete: 'set null' }),
    lastStudiedAt: timestamp('last_studied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_enrollments_user_idx').on(t.userId, t.createdAt)],
);

export const courseComments = pgTable(
  'course_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => courseComments.id, { onDelete: 'cascade' }),
    /** 1–5 stars on a top-level comment by an enrolled learner; 0 on replies. */
    score: smallint('score').notNull().default(0),
    content: varchar('content', { length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_comments_course_idx').on(t.courseId, t.id)],
);

export const courseCollections = pgTable(
  'course_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_collections_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What one learner watched of one video period: `intervals` is the merged union of the played
 * ranges in seconds, sorted and disjoint ([[0, 31.5], [40, 52]]); seeking adds nothing to it.
 */
export const periodProgress = pgTable(
  'period_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    periodId: integer('period_id')
      .notNull()
      .references(() => coursePeriods.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    intervals: jsonb('intervals').$type<Array<[number, number]>>().notNull().default([]),
    watchedSeconds: real('watched_seconds').notNull().default(0),
    /** Where playback stood at the last report, to resume there. */
    lastPosition: real('last_position').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodId] }), index('period_progress_course_idx').on(t.userId, t.courseId)],
);

/** A teacher's live channel: where they stream (an external room or platform link); no stream is hosted here. */
export const liveChannels = pgTable(
  'live_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    platform: varchar('platform', { length: 30 }).notNull().default(''),
    url: varchar('url', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_channels_teacher_idx').on(t.teacherId)],
);

/** A scheduled live session of a course, shown to its enrolled learners. */
export const courseLives = pgTable(
  'course_lives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => liveChannels.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 80 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_lives_course_idx').on(t.courseId, t.startsAt)],
);

export const appCategories = pgTable('app_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** An application: a packaged environment (an image and an instance template) that users launch as an instance. */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id').references(() => appCategories.id),
    name: varchar('name', { length: 60 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    descriptionMarkdown: text('description_markdown').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    iconKey: varchar('icon_key', { length: 80 }).notNull().default(''),
    status: smallint('status').notNull().default(ShelfStatus.draft),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    launchCount: integer('launch_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('applications_shelf_idx').on(t.status, t.categoryId, t.id), index('applications_author_idx').on(t.authorId, t.id)],
);

/** An exposed port of an application's instance: the service a user opens once it runs. */
export type TemplatePort = AppPort;

/** How an application's instance is rented: the rent form's choices, filled in for the user. */
export const appTemplates = pgTable('app_templates', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  imageId: integer('image_id')
    .notNull()
    .references(() => images.id),
  /** A region code, '' for any region with the GPU model. */
  regionCode: varchar('region_code', { length: 32 }).notNull().default(''),
  gpuModelCode: varchar('gpu_model_code', { length: 32 }).notNull(),
  gpuCount: smallint('gpu_count').notNull().default(1),
  dataDiskGb: integer('data_disk_gb').notNull().default(0),
  ports: jsonb('ports').$type<TemplatePort[]>().notNull().default([]),
  startCommand: varchar('start_command', { length: 1000 }).notNull().default(''),
  /** The start command's environment variables. */
  env: jsonb('env').$type<AppEnvVar[]>().notNull().default([]),
  /** When the started service counts as ready; null: as soon as its process runs. */
  readiness: jsonb('readiness').$type<AppReadiness | null>(),
  updatedAt: updatedAt(),
});

/** An instance launched from an application (the launch count and 「我部署的应用」 come from here). */
export const appLaunches = pgTable(
  'app_launches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appId: integer('app_id')
      .notNull()
      .references(() => applications.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instanceId: integer('instance_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('app_launches_user_idx').on(t.userId, t.id), uniqueIndex('app_launches_instance_idx').on(t.instanceId)],
);

/** A user's request to teach (讲师认证). Status: 0 审核中, 1 已通过, 2 已驳回. Approval makes the user a teacher (userType 2, isTeacher). */
export const teacherApplications = pgTable(
  'teacher_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    realName: varchar('real_name', { length: 30 }).notNull(),
    title: varchar('title', { length: 60 }).notNull().default(''),
    fields: varchar('fields', { length: 120 }).notNull().default(''),
    intro: varchar('intro', { length: 1000 }).notNull(),
    status: smallint('status').notNull().default(0),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('teacher_applications_user_idx').on(t.userId, t.id), index('teacher_applications_status_idx').on(t.status, t.id)],
);
