import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
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
import { images } from './compute.js';
import { zones } from './site.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Where a post, question, answer, comment or shared image stands: drafts are their author's only,
 * `reviewing` ones wait for an operator (a sensitive word held them), `rejected` ones were refused.
 * Only `published` ones are shown to others.
 */
export const ContentStatus = { draft: 0, published: 1, reviewing: 2, rejected: 3 } as const;

export const labels = pgTable('community_labels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 20 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** The categories articles are filed under, grouped by the site's zones. */
export const articleCategories = pgTable('article_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  zoneId: integer('zone_id').references(() => zones.id),
  name: varchar('name', { length: 30 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A user's blog: opened once (blogger/save), then its name and introduction can change. */
export const bloggers = pgTable('bloggers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  blogName: varchar('blog_name', { length: 40 }).notNull(),
  intro: varchar('intro', { length: 300 }).notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Blog articles and the platform's news (`kind` 'news', written by operators). */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 8 }).notNull().default('blog'),
    /** A readable id for news the site links to (/news/detail/about). */
    slug: varchar('slug', { length: 40 }).unique(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 100 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    contentMd: text('content_md').notNull(),
    contentHtml: text('content_html').notNull(),
    coverUrl: varchar('cover_url', { length: 500 }).notNull().default(''),
    categoryId: integer('category_id').references(() => articleCategories.id),
    status: smallint('status').notNull().default(ContentStatus.draft),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    /** Likes weighted by the age of the liking account: what the hot ranking counts. */
    likeWeight: real('like_weight').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    hotScore: doublePrecision('hot_score').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_latest_idx').on(t.kind, t.status, t.publishedAt, t.id),
    index('posts_hot_idx').on(t.kind, t.status, t.hotScore, t.id),
    index('posts_author_idx').on(t.authorId, t.status, t.id),
  ],
);

export const postLabels = pgTable(
  'post_labels',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.labelId] }), index('post_labels_label_idx').on(t.labelId)],
);

/** Comments on a post; `parentId` threads replies under the comment they answer. */
export const postComments = pgTable(
  'post_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    content: varchar('content', { length: 2000 }).notNull(),
    status: smallint('status').notNull().default(ContentStatus.published),
    createdAt: createdAt(),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.id)],
);

/** A like (stand); `weight` is below 1 for accounts younger than a day. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    weight: real('weight').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const postCollections = pgTable(
  'post_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_collections_user_idx').on(t.userId, t.createdAt)],
);

export const bloggerFollows = pgTable(
  'blogger_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    bloggerId: integer('blogger_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.bloggerId] }), index('blogger_follows_blogger_idx').on(t.bloggerId, t.createdAt)],
);

/** What happens to a question's bounty: held from the asker, paid to the accepted answer, or refunded. */
export const BountyState = { none: 0, held: 1, paid: 2, refunded: 3 } as const;

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    askerId: integer('asker_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 100 }).notNull(),
    contentMd: text('content_md').notNull(),
    contentHtml: text('content_html').notNull(),
    status: smallint('status').notNull().default(ContentStatus.published),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    bounty: money('bounty').notNull().default(0),
    bountyState: smallint('bounty_state').notNull().default(BountyState.none),
    /** When an unawarded bounty goes back to the asker. */
    bountyExpiresAt: timestamp('bounty_expires_at', { withTimezone: true }),
    acceptedAnswerId: integer('accepted_answer_id'),
    viewCount: integer('view_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    followCount: integer('follow_count').notNull().default(0),
    hotScore: doublePrecision('hot_score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_latest_idx').on(t.status, t.createdAt, t.id),
    index('questions_hot_idx').on(t.status, t.hotScore, t.id),
    index('questions_asker_idx').on(t.askerId, t.id),
    index('questions_bounty_idx').on(t.bountyState, t.bountyExpiresAt),
  ],
);

export const questionLabels = pgTable(
  'question_labels',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.labelId] })],
);

/**
 * The spec's question comments: answers (`parentId` null, Markdown) and comments on an answer
 * (`parentId` the answer).
 */
export const questionAnswers = pgTable(
  'question_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => questionAnswers.id, { onDelete: 'cascade' }),
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    contentMd: text('content_md').notNull(),
    contentHtml: text('content_html').notNull(),
    status: smallint('status').notNull().default(ContentStatus.published),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('question_answers_question_idx').on(t.questionId, t.parentId, t.id)],
);

/** A user's record on a question: 1 collected, 2 followed (told of new answers). */
export const QuestionRecordKind = { collect: 1, follow: 2 } as const;

export const questionRecords = pgTable(
  'question_records',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId, t.kind] }), index('question_records_question_idx').on(t.questionId, t.kind)],
);

/** An invitation to answer a question: one per invitee and question, told to the invitee by a message. */
export const answerInvitations = pgTable(
  'answer_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('answer_invitations_question_invitee_idx').on(t.questionId, t.inviteeId),
    index('answer_invitations_inviter_idx').on(t.inviterId, t.createdAt),
  ],
);

/** A private image shared to the image community, with what it needs to start. */
export const communityImages = pgTable(
  'community_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 60 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    descriptionMd: text('description_md').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The lowest CUDA version the image's software needs, e.g. '12.1'. */
    cudaVersion: varchar('cuda_version', { length: 16 }).notNull(),
    ports: integer('ports')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    coverUrl: varchar('cover_url', { length: 500 }).notNull().default(''),
    status: smallint('status').notNull().default(ContentStatus.published),
    reviewNote: varchar('review_note', { length: 200 }).notNull().default(''),
    starCount: integer('star_count').notNull().default(0),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('community_images_image_idx').on(t.imageId), index('community_images_list_idx').on(t.status, t.starCount, t.id)],
);

export const communityImageStars = pgTable(
  'community_image_stars',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    communityImageId: integer('community_image_id')
      .notNull()
      .references(() => communityImages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityImageId] })],
);

/**
 * One searchable thing (blog, news, question, course, app, dataset, image): its title, a plain-text
 * excerpt to highlight, and its words segmented by jieba into a tsvector ('simple' configuration).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    tokens: tsvector('tokens').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index('search_documents_tokens_idx').using('gin', t.tokens),
    index('search_documents_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    /** A search walks the matches newest first and ranks only the newest (community/search.ts). */
    index('search_documents_published_idx').on(t.publishedAt, t.refId),
  ],
);

/** A user's report of a post, comment, question, answer or image; an operator upholds or dismisses it. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** 0 open, 1 upheld (the content is taken down), 2 dismissed. */
    status: smallint('status').notNull().default(0),
    handledBy: integer('handled_by').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('content_reports_once_idx').on(t.reporterId, t.kind, t.refId), index('content_reports_open_idx').on(t.status, t.id)],
);
