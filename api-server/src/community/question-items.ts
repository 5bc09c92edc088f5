import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Executor, labels, questionLabels, questions, users } from '../db/index.js';
import { summaryOf } from '../content/index.js';
import { notFound } from '../errors.js';

export const questionGone = () => notFound('问题不存在或已删除');

const itemColumns = {
  id: questions.id,
  title: questions.title,
  contentMd: questions.contentMd,
  askerId: questions.askerId,
  askerName: users.nickname,
  askerHeadImg: users.headImgUrl,
  bounty: questions.bounty,
  bountyState: questions.bountyState,
  acceptedAnswerId: questions.acceptedAnswerId,
  answerCount: questions.answerCount,
  viewCount: questions.viewCount,
  collectCount: questions.collectCount,
  followCount: questions.followCount,
  status: questions.status,
  createdAt: questions.createdAt,
};

type ItemRow = Omit<{ [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] }, 'acceptedAnswerId'> & {
  acceptedAnswerId: number | null;
};

/** The labels of each question, in label order. */
async function labelsOf(db: Executor, ids: number[]) {
  const byQuestion = new Map<number, Array<{ labelNo: number; labelName: string }>>();
  if (ids.length === 0) return byQuestion;
  const rows = await db
    .select({ questionId: questionLabels.questionId, labelNo: labels.id, labelName: labels.name })
    .from(questionLabels)
    .innerJoin(labels, eq(labels.id, questionLabels.labelId))
    .where(inArray(questionLabels.questionId, ids))
    .orderBy(asc(labels.sort), asc(labels.id));
  for (const { questionId, ...label } of rows) byQuestion.set(questionId, [...(byQuestion.get(questionId) ?? []), label]);
  return byQuestion;
}

function itemOf(row: ItemRow, labelList: Array<{ labelNo: number; labelName: string }>) {
  const { contentMd, acceptedAnswerId, createdAt, ...rest } = row;
  return { ...rest, summary: summaryOf(contentMd), labels: labelList, accepted: acceptedAnswerId !== null, gmtCreate: createdAt };
}

/** A page of question items (with labels and the asker's name) chosen by `where`, in `order`. */
export async function pageOfQuestionItems(
  db: Executor,
  where: SQL | undefined,
  order: Array<SQL | PgColumn>,
  window: { limit: number; offset: number },
) {
  const rows = await db
    .select(itemColumns)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.askerId))
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  const [{ total }] = (await db.select({ total: count() }).from(questions).where(where)) as [{ total: number }];
  const labelMap = await labelsOf(
    db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => itemOf(row, labelMap.get(row.id) ?? [])), total };
}

/** One question with its text, for the detail page. */
export async function questionDetail(db: Executor, id: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      contentHtml: questions.contentHtml,
      reviewNote: questions.reviewNote,
      bountyExpiresAt: questions.bountyExpiresAt,
      updatedAt: questions.updatedAt,
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.askerId))
    .where(eq(questions.id, id));
  if (!row) return undefined;
  const { contentHtml, reviewNote, bountyExpiresAt, updatedAt, ...item } = row;
  const labelMap = await labelsOf(db, [id]);
  return {
    ...itemOf(item, labelMap.get(id) ?? []),
    contentMd: row.contentMd,
    contentHtml,
    reviewNote,
    acceptedAnswerId: row.acceptedAnswerId,
    bountyExpiresAt,
    gmtModified: updatedAt,
  };
}
