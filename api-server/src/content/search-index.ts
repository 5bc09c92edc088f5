import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, searchDocuments } from '../db/index.js';

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

const load = createRequire(import.meta.url);
let segmenter: Jieba | undefined;
/** jieba and its dictionaries (11 MB, read when imported) are loaded by the first text segmented, not at start-up (issue 31). */
function segment(): Jieba {
  if (segmenter) return segmenter;
  const jieba = load('@node-rs/jieba') as { Jieba: typeof Jieba };
  const { dict } = load('@node-rs/jieba/dict.js') as { dict: Buffer };
  segmenter = jieba.Jieba.withDict(dict);
  return segmenter;
}

/** Longest body kept for highlighting; the whole body is still indexed. */
const storedBodyLength = 2000;
/** tsvector positions stop at 16383. */
const lastPosition = 16_383;
const wordLike = /[\p{L}\p{N}]/u;

/**
 * The words of a Chinese (or mixed) text as jieba's search mode cuts them: 算力, 计费, 挂载 stay
 * whole and long words also yield their parts; lower-cased, without punctuation.
 */
export function searchWords(text: string): string[] {
  return segment()
    .cutForSearch(text, true)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => wordLike.test(word));
}

const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A tsvector literal, built here rather than by a text-search parser so that no database locale splits Chinese words. */
function tsvectorOf(title: string, body: string): string {
  const entries: string[] = [];
  let position = 0;
  for (const [text, weight] of [
    [title, 'A'],
    [body, ''],
  ] as const) {
    for (const word of searchWords(text)) {
      position = Math.min(position + 1, lastPosition);
      entries.push(`${lexeme(word)}:${position}${weight}`);
    }
  }
  return entries.join(' ');
}

/** A tsquery literal that every word of the query must match, the last one as a prefix too (typing 算 finds 算力). */
export function tsqueryOf(query: string): string | null {
  const words = [...new Set(searchWords(query))];
  if (words.length === 0) return null;
  return words.map((word, index) => (index === words.length - 1 ? `(${lexeme(word)} | ${lexeme(word)}:*)` : lexeme(word))).join(' & ');
}

/** Adds or refreshes a document in the search index. */
export async function indexDocument(db: Executor, document: SearchableDocument): Promise<void> {
  const row = {
    kind: document.kind,
    refId: document.refId,
    title: document.title,
    body: Array.from(document.body).slice(0, storedBodyLength).join(''),
    tokens: sql`${tsvectorOf(document.title, document.body)}::tsvector`,
    publishedAt: document.publishedAt,
  };
  await db
    .insert(searchDocuments)
    .values(row)
    .onConflictDoUpdate({ target: [searchDocuments.kind, searchDocuments.refId], set: row });
}

/** Takes a document out of the search index (deleted, unpublished, held for review). */
/** Whether the search index holds this document. */
export async function isIndexed(db: Executor, kind: SearchKind, refId: number): Promise<boolean> {
  const [row] = await db
    .select({ refId: searchDocuments.refId })
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.refId, refId)));
  return row !== undefined;
}

export async function removeDocument(db: Executor, kind: SearchKind, refId: number): Promise<void> {
  await db.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.refId, refId)));
}
