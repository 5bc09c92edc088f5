import { Type, type Static } from 'typebox';
import { PageQuery } from '../common.js';

/** Spec §2: the search type follows the page the search box sits on (live 2, resource 4, exam 5, blog 6, question 7, info 8, app 15, dataManage 16, default 1). */
export const searchTypes = [1, 2, 4, 5, 6, 7, 8, 15, 16] as const;
export type SearchType = (typeof searchTypes)[number];

/** What a search hit is: the search index's kinds, plus live classes and exams that no issue indexes yet. */
export const searchKinds = ['blog', 'news', 'question', 'course', 'app', 'dataset', 'image', 'live', 'exam'] as const;
export type SearchHitKind = (typeof searchKinds)[number];
const SearchHitKind = Type.Union([
  Type.Literal('blog'),
  Type.Literal('news'),
  Type.Literal('question'),
  Type.Literal('course'),
  Type.Literal('app'),
  Type.Literal('dataset'),
  Type.Literal('image'),
  Type.Literal('live'),
  Type.Literal('exam'),
]);

const Keyword = Type.String({ title: '搜索关键词', maxLength: 50 });

export const SiteSearchBody = Type.Object({
  keyword: Type.Optional(Keyword),
  type: Type.Optional(
    Type.Union(
      [
        Type.Literal(1),
        Type.Literal(2),
        Type.Literal(4),
        Type.Literal(5),
        Type.Literal(6),
        Type.Literal(7),
        Type.Literal(8),
        Type.Literal(15),
        Type.Literal(16),
      ],
      { title: '搜索类型', default: 1 },
    ),
  ),
  ...PageQuery.properties,
});
export type SiteSearchBody = Static<typeof SiteSearchBody>;

export const BlogSearchBody = Type.Object({ keyword: Type.Optional(Keyword), ...PageQuery.properties });
export type BlogSearchBody = Static<typeof BlogSearchBody>;

export const SearchHit = Type.Object({
  kind: SearchHitKind,
  refId: Type.Integer(),
  title: Type.String(),
  /** Plain text around the first match of the body (or its beginning). */
  excerpt: Type.String(),
  /** The portal page that shows the thing. */
  url: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchKindCount = Type.Object({ kind: SearchHitKind, count: Type.Integer() });
export type SearchKindCount = Static<typeof SearchKindCount>;

/**
 * One page of hits, the words to highlight, and how many hits each kind has (for the tabs). Only the newest matches
 * are ranked (SEARCH_RANKED_MATCHES): beyond them the counts are estimates and the pages stop.
 */
export const SearchPage = Type.Object({
  list: Type.Array(SearchHit),
  total: Type.Integer({ minimum: 0 }),
  /** Whether `total` (and the tabs' counts) are estimates. */
  approximate: Type.Boolean(),
  /** The total as the page says it: 「12 条」, or 「约 4 万条」 for an estimate. */
  totalText: Type.String(),
  /** How many hits the pages reach. */
  reachable: Type.Integer({ minimum: 0 }),
  pageNum: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  words: Type.Array(Type.String()),
  counts: Type.Array(SearchKindCount),
});
export type SearchPage = Static<typeof SearchPage>;
