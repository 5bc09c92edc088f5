import { and, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  type Executor,
  BountyState,
  ContentStatus,
  questionAnswers,
  questionLabels,
  questionRecords,
  questions,
  searchDocuments,
} from '../db/index.js';
import { invalid } from '../errors.js';
import { pageOfQuestionItems } from './question-items.js';
import { searchWords, tsqueriesOf, tsqueryOf } from '../content/index.js';

const QuestionTab = { latest: 1, hot: 3, unanswered: 4, bounty: 5 } as const;

type Window = { limit: number; offset: number };

const published = eq(questions.status, ContentStatus.published);
const latestFirst = [desc(questions.createdAt), desc(questions.id)];

const withLabel = (labelNo: number) =>
  exists(
    sql`(select 1 from ${questionLabels} where ${questionLabels.questionId} = ${questions.id} and ${questionLabels.labelId} = ${labelNo})`,
  );

/** The public list by tab: 1 latest, 3 hot, 4 unanswered, 5 with a held bounty (largest first); optionally one label's. */
export function listQuestions(db: Executor, filter: { tab?: number; labelNo?: number }, window: Window) {
  const tab = filter.tab ?? QuestionTab.latest;
  const where = and(
    published,
    filter.labelNo ? withLabel(filter.labelNo) : undefined,
    tab === QuestionTab.unanswered ? eq(questions.answerCount, 0) : undefined,
    tab === QuestionTab.bounty ? eq(questions.bountyState, BountyState.held) : undefined,
  );
  const order =
    tab === QuestionTab.hot
      ? [desc(questions.hotScore), desc(questions.id)]
      : tab === QuestionTab.bounty
        ? [desc(questions.bounty), ...latestFirst]
        : latestFirst;
  return pageOfQuestionItems(db, where, order, window);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const matchesQuery = (tsquery: string) => sql`${searchDocuments.kind} = 'question' and ${searchDocuments.tokens} @@ ${tsquery}::tsquery`;

/** Published questions whose title or body has every word of the keyword, or whose title contains it. */
export async function searchQuestions(db: Executor, keyword: string, window: Window) {
  const text = keyword.trim();
  if (!text) throw invalid('请输入搜索关键词');
  const tsquery = await tsqueryOf(text);
  const byWords = tsquery
    ? inArray(questions.id, db.select({ id: searchDocuments.refId }).from(searchDocuments).where(matchesQuery(tsquery)))
    : undefined;
  return pageOfQuestionItems(db, and(published, or(byWords, ilike(questions.title, likePattern(text)))), latestFirst, window);
}

/** While a title is typed: the five published questions sharing most of its words, in title or body. */
export async function similarQuestions(db: Executor, title: string) {
  const wordQueries = (await tsqueriesOf([...new Set(await searchWords(title))])).filter((query): query is string => query !== null);
  if (wordQueries.length === 0) return [];
  const anyWord = wordQueries.join(' | ');
  const sharedWords = sql.join(
    wordQueries.map((query) => sql`(${searchDocuments.tokens} @@ ${query}::tsquery)::int`),
    sql` + `,
  );
  const rows = await db
    .select({ id: questions.id, title: questions.title, answerCount: questions.answerCount, acceptedAnswerId: questions.acceptedAnswerId })
    .from(searchDocuments)
    .innerJoin(questions, eq(questions.id, searchDocuments.refId))
    .where(and(matchesQuery(anyWord), published))
    .orderBy(desc(sharedWords), desc(sql`ts_rank(${searchDocuments.tokens}, ${anyWord}::tsquery)`), desc(questions.id))
    .limit(5);
  return rows.map(({ acceptedAnswerId, ...row }) => ({ ...row, accepted: acceptedAnswerId !== null }));
}

/** Mine: the questions I asked (every status), or the published ones I answered. */
export function myQuestions(db: Executor, userId: number, type: number, window: Window) {
  const where: SQL | undefined =
    type === 2
      ? and(
          published,
          exists(
            sql`(select 1 from ${questionAnswers} where ${questionAnswers.questionId} = ${questions.id} and ${questionAnswers.authorId} = ${userId} and ${questionAnswers.parentId} is null)`,
          ),
        )
      : eq(questions.askerId, userId);
  return pageOfQuestionItems(db, where, latestFirst, window);
}

/** The published questions I collected (kind 1) or follow (kind 2). */
export function recordedQuestions(db: Executor, userId: number, kind: number, window: Window) {
  const recorded = exists(
    sql`(select 1 from ${questionRecords} where ${questionRecords.questionId} = ${questions.id} and ${questionRecords.userId} = ${userId} and ${questionRecords.kind} = ${kind})`,
  );
  return pageOfQuestionItems(db, and(published, recorded), latestFirst, window);
}
