import { sql, type SQL } from 'drizzle-orm';
import { searchKinds, type SearchHit, type SearchHitKind, type SearchPage, type SearchType } from '@rc/api-contract/community/search';
import { type Executor, queryRows, searchDocuments } from '../db/index.js';
import { invalid } from '../errors.js';
import { searchWords, tsqueryOfWords } from '../content/index.js';

/** Spec §2's search types and the kinds each covers; the default (1) covers everything. */
export const kindsOfType: Record<SearchType, readonly SearchHitKind[]> = {
  1: ['blog', 'news', 'question', 'course', 'app', 'dataset', 'image', 'live', 'exam'],
  2: ['live'],
  4: ['course'],
  5: ['exam'],
  6: ['blog'],
  7: ['question'],
  8: ['news'],
  15: ['app'],
  16: ['dataset'],
};

const pageUrls: Record<SearchHitKind, (id: number) => string> = {
  blog: (id) => `/blog/article/${id}`,
  news: (id) => `/news/detail/${id}`,
  question: (id) => `/question/view/${id}`,
  dataset: (id) => `/account/commonData?id=${id}`,
  image: (id) => `/imageCommunity/detail/${id}`,
  course: (id) => `/resource/detail/${id}`,
  app: (id) => `/account/appCenter?id=${id}`,
  live: () => '/account/live',
  exam: () => '/account/grades/my',
};

const excerptBefore = 30;
const excerptLength = 120;

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** The keyword trimmed; an empty one is refused with the spec's text. */
export function searchKeyword(keyword: string | undefined): string {
  const trimmed = (keyword ?? '').trim();
  if (!trimmed) throw invalid('请输入搜索关键词');
  return trimmed;
}

/** What the browser highlights: the keyword's words, longest first, and the keyword itself (a title may match it whole). */
function highlightWords(keyword: string, keywordWords: readonly string[]): string[] {
  const words = new Set([keyword.toLowerCase(), ...keywordWords]);
  return [...words].sort((a, b) => b.length - a.length);
}

/** Plain text around the first highlighted word of the body, or its beginning when none appears. */
export function excerptAround(body: string, words: readonly string[]): string {
  const characters = Array.from(body);
  const lower = body.toLowerCase();
  const hits = words.map((word) => lower.indexOf(word)).filter((index) => index >= 0);
  const at = hits.length > 0 ? Array.from(body.slice(0, Math.min(...hits))).length : 0;
  const start = Math.max(0, at - excerptBefore);
  const end = Math.min(characters.length, start + excerptLength);
  return `${start > 0 ? '…' : ''}${characters.slice(start, end).join('')}${end < characters.length ? '…' : ''}`;
}

/** Trigrams need three characters: shorter keywords are left to jieba's words (a one- or two-character keyword is a word or a prefix). */
const shortestTitleSubstring = 3;

function matching(keyword: string, keywordWords: readonly string[]): { where: SQL; rank: SQL } {
  const query = tsqueryOfWords(keywordWords);
  const titleMatches = sql`${searchDocuments.title} ilike ${likePattern(keyword)}`;
  if (!query) return { where: titleMatches, rank: sql`1` };
  const words = sql`${query}::tsquery`;
  const wordsMatch = sql`${searchDocuments.tokens} @@ ${words}`;
  return Array.from(keyword).length < shortestTitleSubstring
    ? { where: wordsMatch, rank: sql`ts_rank(${searchDocuments.tokens}, ${words})` }
    : {
        where: sql`(${wordsMatch} or ${titleMatches})`,
        rank: sql`ts_rank(${searchDocuments.tokens}, ${words}) + case when ${titleMatches} then 1 else 0 end`,
      };
}

interface Matched {
  /** Matches of every kind among the newest `ranked + 1` (one more tells that there are more). */
  counts: { kind: SearchHitKind; count: number }[] | null;
  /** How many of the searched kinds' newest `ranked + 1` matches there are. */
  scoped: number;
  /** When the newest `ranked + 1` matches of every kind go further back than all of them: how many documents that stretch holds. */
  scanned: number | null;
  hits: { kind: SearchHitKind; refId: number; title: string; body: string; publishedAt: string }[] | null;
}

/** 「约 4 万条」: an estimate rounded the way search engines round it; an exact count as it is. */
export function countText(count: number, approximate: boolean): string {
  if (!approximate) return `${count} 条`;
  if (count >= 10_000) return `约 ${Number((count / 10_000).toFixed(count >= 100_000 ? 0 : 1))} 万条`;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  return `约 ${(Math.round(count / step) * step).toLocaleString('en')} 条`;
}

const documentCountLifetimeMs = 60_000;
const documentCounts = new WeakMap<Executor, { count: number; countedAt: number }>();

/**
 * How many documents the index holds, counted at most once a minute per database: it only scales an estimate
 * (「约 N 条」), and counting 100k documents on every search was two thirds of a common word's time on PostgreSQL.
 */
async function documentCount(db: Executor): Promise<number> {
  const known = documentCounts.get(db);
  if (known && performance.now() - known.countedAt < documentCountLifetimeMs) return known.count;
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${searchDocuments}`);
  const counted = { count: Number(row?.n ?? 0), countedAt: performance.now() };
  documentCounts.set(db, counted);
  return counted.count;
}

/**
 * One page of what matches the keyword among `kinds`, best first (title words weigh most), newest first on ties, and the
 * number of matches of every kind. The work is bounded: only the newest `ranked` matches are ranked and paged, and
 * when there are more, the counts are the newest matches scaled by how far back they reach among all documents (a count
 * at most a minute old): one common word matches most documents, and ranking and counting all of them was the cost of
 * a search.
 */
export async function searchSite(
  db: Executor,
  o: { keyword: string; kinds: readonly SearchHitKind[]; pageNum: number; pageSize: number; ranked: number },
): Promise<SearchPage> {
  const keywordWords = await searchWords(o.keyword);
  const { where, rank } = matching(o.keyword, keywordWords);
  const everyKind = searchKinds.every((kind) => o.kinds.includes(kind));
  const ofKinds = everyKind
    ? sql`true`
    : sql`${searchDocuments.kind} in (${sql.join(
        o.kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`;
  const newest = (scope: SQL) =>
    sql`select kind, ref_id, published_at from ${searchDocuments} where ${where} and ${scope}
        order by published_at desc, ref_id desc limit ${o.ranked + 1}`;
  const [matched] = await queryRows<Matched>(
    db,
    sql`with newest as materialized (${newest(sql`true`)}),
        scoped as materialized (${everyKind ? sql`select * from newest` : newest(ofKinds)}),
        page as (
          select ${searchDocuments.kind} as kind, ${searchDocuments.refId} as ref_id, ${searchDocuments.publishedAt} as published_at,
                 ${rank} as rank
          from (select * from scoped order by published_at desc, ref_id desc limit ${o.ranked}) s
          join ${searchDocuments} on ${searchDocuments.kind} = s.kind and ${searchDocuments.refId} = s.ref_id
          order by rank desc, published_at desc, ref_id desc limit ${o.pageSize} offset ${(o.pageNum - 1) * o.pageSize}
        ),
        oldest as (select min(published_at) as at, count(*) as n from newest)
        select
          (select json_agg(c) from (select kind, count(*)::int as count from newest group by kind) c) as counts,
          (select count(*)::int from scoped) as scoped,
          case when (select n from oldest) > ${o.ranked} then
            (select count(*)::int from ${searchDocuments} where published_at >= (select at from oldest)) end as scanned,
          (select json_agg(json_build_object('kind', d.kind, 'refId', d.ref_id, 'title', d.title, 'body', d.body, 'publishedAt', d.published_at)
                           order by page.rank desc, page.published_at desc, page.ref_id desc)
             from page join ${searchDocuments} d on d.kind = page.kind and d.ref_id = page.ref_id) as hits`,
  );
  const scale = matched?.scanned ? Math.max(1, (await documentCount(db)) / matched.scanned) : 1;
  const found = (matched?.counts ?? []).map((row) => ({ kind: row.kind, count: Number(row.count) }));
  const counts = found
    .map((row) => ({ kind: row.kind, count: Math.round(row.count * scale) }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
  const scoped = Number(matched?.scoped ?? 0);
  const approximate = scoped > o.ranked;
  const estimated = found.filter((row) => o.kinds.includes(row.kind)).reduce((sum, row) => sum + row.count, 0) * scale;
  const total = approximate ? Math.max(o.ranked + 1, Math.round(estimated)) : scoped;
  const words = highlightWords(o.keyword, keywordWords);
  const list: SearchHit[] = (matched?.hits ?? []).map((hit) => ({
    kind: hit.kind,
    refId: hit.refId,
    title: hit.title,
    excerpt: excerptAround(hit.body, words),
    url: pageUrls[hit.kind](hit.refId),
    publishedAt: new Date(hit.publishedAt).toISOString(),
  }));
  return {
    list,
    total,
    approximate,
    totalText: countText(total, approximate),
    reachable: Math.min(scoped, o.ranked),
    pageNum: o.pageNum,
    pageSize: o.pageSize,
    words,
    counts,
  };
}
