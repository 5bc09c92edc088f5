import { and, eq, sql } from 'drizzle-orm';
import { type Executor, searchDocuments } from '../db/index.js';
import { WordSegmenter } from './word-segmenter.js';

/** What the site search covers; spec §2's search types map onto these. */
export type SearchKind = 'blog' | 'news' | 'question' | 'course' | 'app' | 'dataset' | 'image';

export interface SearchableDocument {
  kind: SearchKind;
  refId: number;
  title: string;
  /** Plain text (see plainTextOf), not Markdown. */
  body: string;
  publishedAt: Date;
}

/** Texts are cut on a thread of their own, stopped after 30 s without any (word-segmenter.ts says why). */
const segmenter = new WordSegmenter(30_000);

/** Longest body kept for highlighting; the whole body is still indexed. */
const storedBodyLength = 2000;
/** tsvector positions stop at 16383. */
const lastPosition = 16_383;
const wordLike = /[\p{L}\p{N}]/u;

/**
 * The words of each text (Chinese or mixed) as jieba's search mode cuts them: 算力, 计费, 挂载 stay whole and long words
 * also yield their parts; lower-cased, without punctuation.
 */
export async function searchWordsOfEach(texts: string[]): Promise<string[][]> {
  const cuts = await segmenter.cutForSearch(texts);
  return cuts.map((cut) => cut.map((word) => word.trim().toLowerCase()).filter((word) => wordLike.test(word)));
}

export async function searchWords(text: string): Promise<string[]> {
  const [words] = await searchWordsOfEach([text]);
  return words!;
}

const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A tsvector literal, built here rather than by a text-search parser so that no database locale splits Chinese words. */
async function tsvectorOf(title: string, body: string): Promise<string> {
  const [titleWords, bodyWords] = await searchWordsOfEach([title, body]);
  const entries: string[] = [];
  let position = 0;
  for (const [words, weight] of [
    [titleWords!, 'A'],
    [bodyWords!, ''],
  ] as const) {
    for (const word of words) {
      position = Math.min(position + 1, lastPosition);
      entries.push(`${lexeme(word)}:${position}${weight}`);
    }
  }
  return entries.join(' ');
}

/** A tsquery literal that every word of a query must match, the last one as a prefix too (typing 算 finds 算力). */
export function tsqueryOfWords(queryWords: readonly string[]): string | null {
  const words = [...new Set(queryWords)];
  if (words.length === 0) return null;
  return words.map((word, index) => (index === words.length - 1 ? `(${lexeme(word)} | ${lexeme(word)}:*)` : lexeme(word))).join(' & ');
}

/** The tsquery literal of each query (tsqueryOfWords), null for a query without words. */
export async function tsqueriesOf(queries: string[]): Promise<(string | null)[]> {
  return (await searchWordsOfEach(queries)).map(tsqueryOfWords);
}

export async function tsqueryOf(query: string): Promise<string | null> {
  return tsqueryOfWords(await searchWords(query));
}

/** Adds or refreshes a document in the search index. */
export async function indexDocument(db: Executor, document: SearchableDocument): Promise<void> {
  const row = {
    kind: document.kind,
    refId: document.refId,
    title: document.title,
    body: Array.from(document.body).slice(0, storedBodyLength).join(''),
    tokens: sql`${await tsvectorOf(document.title, document.body)}::tsvector`,
    publishedAt: document.publishedAt,
  };
  await db
    .insert(searchDocuments)
    .values(row)
    .onConflictDoUpdate({ target: [searchDocuments.kind, searchDocuments.refId], set: row });
}

/** Whether the search index holds this document. */
export async function isIndexed(db: Executor, kind: SearchKind, refId: number): Promise<boolean> {
  const [row] = await db
    .select({ refId: searchDocuments.refId })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.refId, refId)));
  return row !== undefined;
}

/** Takes a document out of the search index (deleted, unpublished, held for review). */
export async function removeDocument(db: Executor, kind: SearchKind, refId: number): Promise<void> {
  await db.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.refId, refId)));
}
