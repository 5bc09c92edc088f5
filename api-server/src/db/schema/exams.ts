import { sql } from 'drizzle-orm';
import {
  bigint,
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
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { courses } from './learning.js';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** An open class takes applications and runs exams; a disbanded one keeps its records and is shown to no one. */
export const GradeStatus = { open: 1, disbanded: 2 } as const;

/** A class (班级) run by a teacher; its members are students, some of whom the teacher makes class admins. */
export const grades = pgTable(
  'grades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    gradeName: varchar('grade_name', { length: 40 }).notNull(),
    intro: varchar('intro', { length: 1000 }).notNull().default(''),
    /** A stored image key (content/stored-images.ts), '' for none. */
    coverKey: varchar('cover_key', { length: 80 }).notNull().default(''),
    /** Listed on /grade; a private class is joined through its link and still by application. */
    isPublic: boolean('is_public').notNull().default(true),
    maxStudents: integer('max_students').notNull().default(200),
    studentCount: integer('student_count').notNull().default(0),
    status: smallint('status').notNull().default(GradeStatus.open),
    createdAt: createdAt(),
    disbandedAt: timestamp('disbanded_at', { withTimezone: true }),
  },
  (t) => [index('grades_teacher_idx').on(t.teacherId, t.id), index('grades_listing_idx').on(t.status, t.isPublic, t.id)],
);

/** A class member. The teacher is not a member; `isAdmin` members audit applications, manage students and exams. */
export const gradeStudents = pgTable(
  'grade_students',
  {
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The name the class knows the student by (a real name or a student number), set by the teacher or an admin. */
    remark: varchar('remark', { length: 40 }).notNull().default(''),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gradeId, t.userId] }), index('grade_students_user_idx').on(t.userId)],
);

export const ApplyStatus = { pending: 0, approved: 1, rejected: 2, ignored: 3 } as const;

/** A request to join a class, audited by its teacher or an admin; at most one pending request per user and class. */
export const gradeApplyRecords = pgTable(
  'grade_apply_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    status: smallint('status').notNull().default(ApplyStatus.pending),
    auditorId: integer('auditor_id').references(() => users.id),
    auditNote: varchar('audit_note', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (t) => [
    index('grade_apply_records_grade_idx').on(t.gradeId, t.status, t.id),
    index('grade_apply_records_user_idx').on(t.userId, t.id),
    uniqueIndex('grade_apply_records_pending_idx')
      .on(t.gradeId, t.userId)
      .where(sql`${t.status} = 0`),
  ],
);

/** Courses (of #12) the class studies, in the teacher's order. */
export const gradeCourses = pgTable(
  'grade_courses',
  {
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gradeId, t.courseId] })],
);

export const QuestionKind = { single: 1, multiple: 2, trueFalse: 3, fillBlank: 4, shortAnswer: 5 } as const;
export type QuestionKindValue = (typeof QuestionKind)[keyof typeof QuestionKind];

/** 1 易 · 2 中 · 3 难: what a pool draws by, with the kind. */
export const Difficulty = { easy: 1, medium: 2, hard: 3 } as const;

/** A section of an exam that draws `draw` questions of one kind and difficulty at random, each worth `points`. */
export interface ExamPool {
  kind: QuestionKindValue;
  difficulty: number;
  draw: number;
  points: number;
}

/**
 * What one attempt is made of and in what order the student sees it: the items (the fixed ones and those drawn
 * from the pools) in the order shown, and per choice item the options in the order shown (`optionOrders[itemId][shown]`
 * is the option's index in the exam). Answers are stored in the exam's own indexes.
 */
export interface AttemptLayout {
  itemIds: number[];
  optionOrders: Record<string, number[]>;
}

/**
 * The right answer of a question, by kind: `choices` (option indexes) for single and multiple choice,
 * `truth` for true/false, `blanks` (per blank, every accepted answer) for fill in the blank, and a
 * `reference` answer shown to graders for a short answer (which the system never grades).
 */
export interface AnswerKey {
  choices?: number[];
  truth?: boolean;
  blanks?: string[][];
  reference?: string;
}

/** A student's answer, in the same shape: `choices`, `truth`, one text per blank, or the short answer's `text`. */
export interface StudentAnswer {
  choices?: number[];
  truth?: boolean;
  blanks?: string[];
  text?: string;
}

/** A teacher's question bank. Exams copy questions into their items, so editing the bank never changes a set exam. */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    kind: smallint('kind').$type<QuestionKindValue>().notNull(),
    /** Markdown, and its HTML rendered on save. */
    stem: text('stem').notNull(),
    stemHtml: text('stem_html').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    answerKey: jsonb('answer_key').$type<AnswerKey>().notNull(),
    analysis: varchar('analysis', { length: 2000 }).notNull().default(''),
    /** The points suggested when the question is put into an exam. */
    points: integer('points').notNull().default(5),
    difficulty: smallint('difficulty').notNull().default(Difficulty.medium),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('exam_questions_teacher_idx').on(t.teacherId, t.id)],
);

export const MultipleChoiceRule = { allOrNothing: 1, partialCredit: 2 } as const;
export const ExamAudience = { wholeClass: 1, chosenStudents: 2 } as const;

/**
 * An exam of a class. Students may begin between `opensAt` and `closesAt`; each attempt lasts
 * `durationMinutes` or until `closesAt`, whichever comes first. Once a student began, the paper is
 * fixed: only compensation (补考) and corrections of the answer key change it afterwards.
 */
export const exams = pgTable(
  'exams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 80 }).notNull(),
    instructions: varchar('instructions', { length: 1000 }).notNull().default(''),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    audience: smallint('audience').notNull().default(ExamAudience.wholeClass),
    multipleChoiceRule: smallint('multiple_choice_rule').notNull().default(MultipleChoiceRule.allOrNothing),
    /** Whether students see the answer key and their marked answers once scores are published. */
    showAnswers: boolean('show_answers').notNull().default(false),
    /** Each student sees the questions, and the options of choice questions, in an order of their own (fixed per attempt). */
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Sections drawn at random per attempt; their candidates are items with `poolNo` set. */
    pools: jsonb('pools').$type<ExamPool[]>().notNull().default([]),
    /** Points and questions of one attempt (the fixed items and every drawn slot). */
    totalPoints: integer('total_points').notNull().default(0),
    questionCount: integer('question_count').notNull().default(0),
    /** 「批阅完成」: from then on students see their scores. */
    scoresPublishedAt: timestamp('scores_published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('exams_grade_idx').on(t.gradeId, t.opensAt), index('exams_closing_idx').on(t.closesAt)],
);

/** One question of an exam, copied from the bank with its points. */
export const examItems = pgTable(
  'exam_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => examQuestions.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull(),
    kind: smallint('kind').$type<QuestionKindValue>().notNull(),
    stem: text('stem').notNull(),
    stemHtml: text('stem_html').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    answerKey: jsonb('answer_key').$type<AnswerKey>().notNull(),
    analysis: varchar('analysis', { length: 2000 }).notNull().default(''),
    points: integer('points').notNull(),
    difficulty: smallint('difficulty').notNull().default(Difficulty.medium),
    /** The pool (its index in `exams.pools`) this item is a candidate of; null for an item every attempt has. */
    poolNo: smallint('pool_no'),
  },
  (t) => [index('exam_items_exam_idx').on(t.examId, t.sort)],
);

/**
 * A student's standing with an exam beyond class membership: chosen for a chosen-students exam
 * (`assigned`), given a compensation window (补考) with extra attempts, or having hidden its tip.
 */
export const examStudents = pgTable(
  'exam_students',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    assigned: boolean('assigned').notNull().default(false),
    compensateOpensAt: timestamp('compensate_opens_at', { withTimezone: true }),
    compensateClosesAt: timestamp('compensate_closes_at', { withTimezone: true }),
    compensateAttempts: integer('compensate_attempts').notNull().default(0),
    /** Extra time (an accommodation) added to each of the student's attempts, and who set it when. */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    extraTimeSetBy: integer('extra_time_set_by').references(() => users.id),
    extraTimeSetAt: timestamp('extra_time_set_at', { withTimezone: true }),
    tipIgnoredAt: timestamp('tip_ignored_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('exam_students_user_idx').on(t.userId)],
);

export const AttemptStatus = { inProgress: 1, submitted: 2, graded: 3 } as const;
/** Who ended an attempt: the student (交卷) or the server at the deadline. */
export const SubmittedBy = { student: 1, deadline: 2 } as const;

/**
 * One sitting of an exam by a student. The server owns the clock: `deadlineAt` is fixed at begin,
 * and an attempt still open after it is submitted by the server. Scores are in points with one decimal.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    attemptNo: integer('attempt_no').notNull(),
    status: smallint('status').notNull().default(AttemptStatus.inProgress),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** The extra time already in `deadlineAt`: a later grant moves the deadline by the difference. */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    /** Null: every item of the exam, in its own order (an exam without shuffles or pools). */
    layout: jsonb('layout').$type<AttemptLayout>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: smallint('submitted_by'),
    objectiveScore: real('objective_score').notNull().default(0),
    subjectiveScore: real('subjective_score').notNull().default(0),
    totalScore: real('total_score').notNull().default(0),
    /** Short answers still waiting for a grader. */
    ungradedCount: integer('ungraded_count').notNull().default(0),
    leaveCount: integer('leave_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('exam_attempts_number_idx').on(t.examId, t.userId, t.attemptNo),
    index('exam_attempts_user_idx').on(t.userId, t.examId),
    index('exam_attempts_open_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * The student's answer to one item of an attempt. `version` comes from the browser and only grows:
 * a save carrying an older version than the stored one (another tab, a late retry) changes nothing.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => examItems.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<StudentAnswer>().notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    /** The system's mark for an objective item; null for a short answer. */
    autoScore: real('auto_score'),
    /** The grader's mark for a short answer; null until graded. */
    manualScore: real('manual_score'),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    graderId: integer('grader_id').references(() => users.id),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.itemId] })],
);

export type AttemptEventKind = 'leave' | 'return' | 'offline' | 'online';

/** What happened during an attempt that a teacher may want to see: leaving the page, losing the network. */
export const examAttemptEvents = pgTable(
  'exam_attempt_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<AttemptEventKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('exam_attempt_events_attempt_idx').on(t.attemptId, t.id)],
);
