import {
  MAX_QUESTIONS_PER_TEACHER,
  type QuestionItem,
  type QuestionPageBody,
  type QuestionSaveBody,
} from '@rc/api-contract/exam/question-bank';
import { and, count, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { renderInlineMarkdown, renderMarkdown } from '../content/index.js';
import {
  type Database,
  type Executor,
  Difficulty,
  QuestionKind,
  examQuestions,
  type AnswerKey,
  type QuestionKindValue,
} from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { requireTeacher } from '../learning/index.js';
import { checkedAnswerKey } from './answer-marking.js';
import { managedGrade } from './grade-roles.js';

type Question = typeof examQuestions.$inferSelect;

export const questionMissing = () => notFound('题目不存在');

/** How many blanks a fill-in-the-blank stem marks: each run of three or more underscores is one. */
export const blanksInStem = (stem: string) => stem.match(/_{3,}/gu)?.length ?? 0;

/**
 * The answer key of a question (or of an exam item) as it may be stored: fitted to its kind by the
 * marking rules, and for fill in the blank one set of accepted answers per `___` of the stem.
 */
export function checkedQuestionKey(question: { kind: QuestionKindValue; stem: string; options: string[] }, key: AnswerKey): AnswerKey {
  const checked = checkedAnswerKey(question.kind, question.options, key);
  if (question.kind === QuestionKind.fillBlank) {
    const marked = blanksInStem(question.stem);
    if (marked === 0) throw invalid('填空题的题干需要用 ___ 标出每个空');
    if (checked.blanks!.length !== marked) throw invalid(`题干中有 ${marked} 个空，答案需要对应 ${marked} 组`);
  }
  return checked;
}

function questionContent(body: QuestionSaveBody) {
  const stem = body.stem.trim();
  if (stem === '') throw invalid('请填写题干');
  const options = (body.options ?? []).map((option) => option.trim());
  if (options.some((option) => option === '')) throw invalid('选项不能为空');
  const kind = body.kind as QuestionKindValue;
  return {
    kind,
    stem,
    stemHtml: renderMarkdown(stem),
    options,
    answerKey: checkedQuestionKey({ kind, stem, options }, body.answerKey),
    analysis: body.analysis?.trim() ?? '',
    points: body.points,
    difficulty: body.difficulty ?? Difficulty.medium,
  };
}

/** The options of a choice question as the page shows them: each rendered as inline Markdown (「`top`」 as code). */
export const optionsHtmlOf = (options: string[]) => options.map(renderInlineMarkdown);

export const questionItemOf = (question: Question): QuestionItem => ({
  questionId: question.id,
  kind: question.kind,
  stem: question.stem,
  stemHtml: question.stemHtml,
  options: question.options,
  optionsHtml: optionsHtmlOf(question.options),
  answerKey: question.answerKey,
  analysis: question.analysis,
  points: question.points,
  difficulty: question.difficulty as QuestionItem['difficulty'],
  createdAt: question.createdAt.toISOString(),
  updatedAt: question.updatedAt.toISOString(),
});

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

async function bankOf(
  db: Executor,
  teacherId: number,
  filter: Pick<QuestionPageBody, 'kind' | 'keyword'>,
  window: { limit: number; offset: number },
): Promise<{ list: QuestionItem[]; total: number }> {
  const keyword = filter.keyword?.trim();
  const where = and(
    eq(examQuestions.teacherId, teacherId),
    isNull(examQuestions.deletedAt),
    filter.kind ? eq(examQuestions.kind, filter.kind) : undefined,
    keyword ? ilike(examQuestions.stem, like(keyword)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(examQuestions).where(where);
  const rows = await db.select().from(examQuestions).where(where).orderBy(desc(examQuestions.id)).limit(window.limit).offset(window.offset);
  return { list: rows.map(questionItemOf), total };
}

/** question/page: the teacher's own live questions, newest first, by kind and words of the stem. */
export function myQuestions(
  db: Executor,
  user: SessionUser,
  filter: Pick<QuestionPageBody, 'kind' | 'keyword'>,
  window: { limit: number; offset: number },
) {
  requireTeacher(user);
  return bankOf(db, user.id, filter, window);
}

/** exam/question/page: the bank of a class's teacher, which its teacher and class admins set exams from. */
export async function gradeBank(
  db: Executor,
  user: SessionUser,
  filter: Pick<QuestionPageBody, 'kind' | 'keyword'> & { gradeId: number },
  window: { limit: number; offset: number },
) {
  const { grade } = await managedGrade(db, user, filter.gradeId);
  return bankOf(db, grade.teacherId, filter, window);
}

const liveQuestionOf = (teacherId: number, questionId: number) =>
  and(eq(examQuestions.id, questionId), eq(examQuestions.teacherId, teacherId), isNull(examQuestions.deletedAt));

export function saveQuestion(db: Database, user: SessionUser, body: QuestionSaveBody, now: Date): Promise<QuestionItem> {
  requireTeacher(user);
  const content = questionContent(body);
  return db.transaction(async (tx) => {
    const [{ live } = { live: 0 }] = await tx
      .select({ live: count() })
      .from(examQuestions)
      .where(and(eq(examQuestions.teacherId, user.id), isNull(examQuestions.deletedAt)));
    if (live >= MAX_QUESTIONS_PER_TEACHER) throw conflict(`题库最多 ${MAX_QUESTIONS_PER_TEACHER} 道题，请先删除不再使用的题目`);
    const [saved] = await tx
      .insert(examQuestions)
      .values({ ...content, teacherId: user.id, createdAt: now, updatedAt: now })
      .returning();
    return questionItemOf(saved!);
  });
}

/** Exams keep their own copies, so editing a question never changes an exam already set. */
export async function updateQuestion(
  db: Executor,
  user: SessionUser,
  body: QuestionSaveBody & { questionId: number },
  now: Date,
): Promise<QuestionItem> {
  requireTeacher(user);
  const content = questionContent(body);
  const [updated] = await db
    .update(examQuestions)
    .set({ ...content, updatedAt: now })
    .where(liveQuestionOf(user.id, body.questionId))
    .returning();
  if (!updated) throw questionMissing();
  return questionItemOf(updated);
}

export async function deleteQuestion(db: Executor, user: SessionUser, questionId: number, now: Date): Promise<void> {
  requireTeacher(user);
  const [deleted] = await db
    .update(examQuestions)
    .set({ deletedAt: now })
    .where(liveQuestionOf(user.id, questionId))
    .returning({ id: examQuestions.id });
  if (!deleted) throw questionMissing();
}
