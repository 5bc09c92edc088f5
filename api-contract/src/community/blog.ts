import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { Page } from '../envelope.js';
import { DateTime, NullableDateTime } from '../values.js';
import { LabelIds, LabelView } from './label.js';

/** Where a post stands (ContentStatus): 0 草稿, 1 已发布, 2 审核中（含敏感词）, 3 未通过. */
export const PostStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  title: '状态',
  description: '0 草稿；1 已发布；2 审核中；3 未通过',
});

export const BlogTitle = Type.String({ title: '标题', minLength: 1, maxLength: 100, description: '标题为1-100个字' });
export const BlogContent = Type.String({ title: '正文', minLength: 1, maxLength: 50_000, description: '正文为1-50000个字（Markdown）' });
export const BlogSummary = Type.String({ title: '摘要', maxLength: 300, description: '摘要最多300个字；不填则取正文开头' });
export const CommentContent = Type.String({ title: '评论内容', minLength: 1, maxLength: 2000, description: '评论为1-2000个字' });

/** Who wrote something, as others see them. */
export const AuthorView = Type.Object({ userId: Type.Integer(), nickname: Type.String(), avatar: Type.String() });
export type AuthorView = Static<typeof AuthorView>;

/** A post in a list (spec §3 blog item: gmtCreate, gmtModified, labelNo, labelName — the first label). */
export const BlogItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  coverUrl: Type.String(),
  status: PostStatus,
  reviewNote: Type.String({ description: '审核说明（仅作者可见，其他人为空）' }),
  author: AuthorView,
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  viewCount: Type.Integer(),
  likeCount: Type.Integer(),
  collectCount: Type.Integer(),
  commentCount: Type.Integer(),
  publishedAt: NullableDateTime,
  gmtCreate: DateTime,
  gmtModified: DateTime,
  labelNo: Type.Union([Type.Integer(), Type.Null()], { description: '第一个标签' }),
  labelName: Type.String({ description: '第一个标签的名称，无标签为空' }),
  labelList: Type.Array(LabelView),
});
export type BlogItem = Static<typeof BlogItem>;
export const BlogPage = Page(BlogItem);
export type BlogPage = Static<typeof BlogPage>;

/** A whole post, with what the viewer did to it (all false for anonymous visitors). */
export const BlogDetail = Type.Intersect([
  BlogItem,
  Type.Object({
    contentMd: Type.String(),
    contentHtml: Type.String({ description: '服务端渲染的 HTML，浏览器仍需 DOMPurify 后插入' }),
    liked: Type.Boolean(),
    collected: Type.Boolean(),
    following: Type.Boolean({ description: '我是否关注了作者' }),
    mine: Type.Boolean(),
  }),
]);
export type BlogDetail = Static<typeof BlogDetail>;

/** Tabs of /blog (spec §3): 1 最新, 3 热门, 2 关注（需登录）. */
export const BlogTab = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  title: '分类页签',
  description: '1 最新；3 热门；2 关注（需登录）',
});

export const BlogListBody = Type.Intersect([
  PageQuery,
  Type.Object({
    tab: Type.Optional(BlogTab),
    labelNo: Type.Optional(Id('标签')),
    categoryId: Type.Optional(Id('分类')),
  }),
]);
export type BlogListBody = Static<typeof BlogListBody>;

export const BlogIdBody = Type.Object({ id: Id('文章ID') });
export type BlogIdBody = Static<typeof BlogIdBody>;

/** For stand, collect and comments: the post acted on. */
export const BlogRefBody = Type.Object({ blogId: Id('文章ID') });
export type BlogRefBody = Static<typeof BlogRefBody>;

/** Writes a post: `status` 0 saves a draft, 1 publishes (a sensitive word holds it for review: status 2). */
export const BlogSaveBody = Type.Object({
  title: BlogTitle,
  content: BlogContent,
  summary: Type.Optional(BlogSummary),
  coverUrl: Type.Optional(
    Type.String({ title: '封面', maxLength: 500, pattern: '^(/apis/[\\w\\-./]+)?$', description: '封面需为本站上传的图片' }),
  ),
  categoryId: Type.Optional(Type.Union([Id('分类'), Type.Null()])),
  labelIds: Type.Optional(LabelIds),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '保存方式', description: '0 存草稿；1 发布（默认）' })),
});
export type BlogSaveBody = Static<typeof BlogSaveBody>;

export const BlogUpdateBody = Type.Intersect([BlogIdBody, BlogSaveBody]);
export type BlogUpdateBody = Static<typeof BlogUpdateBody>;

/** What blog/save and blog/update answer: the post's id and where it now stands. */
export const BlogSaved = Type.Object({ id: Type.Integer(), status: PostStatus, reviewNote: Type.String() });
export type BlogSaved = Static<typeof BlogSaved>;

export const MyBlogListBody = Type.Intersect([PageQuery, Type.Object({ status: Type.Optional(PostStatus) })]);
export type MyBlogListBody = Static<typeof MyBlogListBody>;

export const RecommendBody = Type.Object({
  id: Type.Optional(Id('当前文章ID')),
  pageSize: Type.Optional(Type.Integer({ title: '条数', minimum: 1, maximum: 20, default: 5 })),
});
export type RecommendBody = Static<typeof RecommendBody>;

export const StandResult = Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() });
export type StandResult = Static<typeof StandResult>;
export const CollectResult = Type.Object({ collected: Type.Boolean(), collectCount: Type.Integer() });
export type CollectResult = Static<typeof CollectResult>;

/** A post I collected, newest collection first. */
export const CollectedBlog = Type.Intersect([BlogItem, Type.Object({ collectedAt: DateTime })]);
export const CollectedBlogPage = Page(CollectedBlog);
export type CollectedBlogPage = Static<typeof CollectedBlogPage>;

/** One comment; `canDelete` is true for its author and for the post's author. */
export const CommentView = Type.Object({
  id: Type.Integer(),
  blogId: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  content: Type.String(),
  author: AuthorView,
  replyTo: Type.Union([Type.Object({ userId: Type.Integer(), nickname: Type.String() }), Type.Null()]),
  canDelete: Type.Boolean(),
  gmtCreate: DateTime,
});
export type CommentView = Static<typeof CommentView>;

/** A top-level comment with all its replies (oldest first). */
export const CommentThread = Type.Intersect([CommentView, Type.Object({ replies: Type.Array(CommentView) })]);
export type CommentThread = Static<typeof CommentThread>;
/** Top-level comments newest first, paged; `total` counts top-level comments. */
export const CommentThreadPage = Page(CommentThread);
export type CommentThreadPage = Static<typeof CommentThreadPage>;

export const CommentListBody = Type.Intersect([PageQuery, BlogRefBody]);
export type CommentListBody = Static<typeof CommentListBody>;

/** Comments others left on my posts (my blog account page), optionally on one of them. */
export const MyPostCommentListBody = Type.Intersect([PageQuery, Type.Object({ blogId: Type.Optional(Id('文章ID')) })]);
export type MyPostCommentListBody = Static<typeof MyPostCommentListBody>;
export const MyPostComment = Type.Intersect([CommentView, Type.Object({ blogTitle: Type.String() })]);
export const MyPostCommentPage = Page(MyPostComment);
export type MyPostCommentPage = Static<typeof MyPostCommentPage>;

/** A comment, or a reply (`parentId` the comment answered; `replyToUserId` whom it addresses). */
export const CommentSaveBody = Type.Object({
  blogId: Id('文章ID'),
  content: CommentContent,
  parentId: Type.Optional(Id('回复的评论')),
  replyToUserId: Type.Optional(Id('回复的用户')),
});
export type CommentSaveBody = Static<typeof CommentSaveBody>;

/** The comment as stored: status 1 shown, 2 held for review (a sensitive word). */
export const CommentSaved = Type.Intersect([CommentView, Type.Object({ status: PostStatus })]);
export type CommentSaved = Static<typeof CommentSaved>;

export const CommentIdBody = Type.Object({ id: Id('评论ID') });
export type CommentIdBody = Static<typeof CommentIdBody>;

/** The editor's live preview: the Markdown as the site will render it. */

/**
 * An image uploaded for a post (multipart, one field `file`, ≤10 MB, png/jpeg/gif/webp): `url` is what
 * to put in Markdown, `![](url)`; it is served at GET /apis/community/api/image/<key>.
 */
export const UploadedImage = Type.Object({ key: Type.String(), url: Type.String(), size: Type.Integer(), contentType: Type.String() });
export type UploadedImage = Static<typeof UploadedImage>;

// ---- News: posts of kind 'news', written by operators, shown at /news/detail/<id or slug> ----

export const NewsSlug = Type.String({
  title: '短链接',
  pattern: '^[a-z0-9][a-z0-9-]{0,39}$',
  maxLength: 40,
  description: '小写字母、数字和短横线，最多40个字符',
});

export const NewsItem = Type.Object({
  id: Type.Integer(),
  slug: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  summary: Type.String(),
  viewCount: Type.Integer(),
  publishedAt: NullableDateTime,
  gmtCreate: DateTime,
  gmtModified: DateTime,
});
export type NewsItem = Static<typeof NewsItem>;
export const NewsPage = Page(NewsItem);
export type NewsPage = Static<typeof NewsPage>;
export const NewsDetail = Type.Intersect([NewsItem, Type.Object({ contentMd: Type.String(), contentHtml: Type.String() })]);
export type NewsDetail = Static<typeof NewsDetail>;

/** One of the two: `id` or `slug` (`/news/detail/about`). */
export const NewsViewBody = Type.Object({ id: Type.Optional(Id('资讯ID')), slug: Type.Optional(NewsSlug) });
export type NewsViewBody = Static<typeof NewsViewBody>;

export const NewsSaveBody = Type.Object({
  title: BlogTitle,
  content: BlogContent,
  summary: Type.Optional(BlogSummary),
  slug: Type.Optional(Type.Union([NewsSlug, Type.Null()])),
});
export type NewsSaveBody = Static<typeof NewsSaveBody>;
export const NewsUpdateBody = Type.Intersect([Type.Object({ id: Id('资讯ID') }), NewsSaveBody]);
export type NewsUpdateBody = Static<typeof NewsUpdateBody>;
export const NewsIdBody = Type.Object({ id: Id('资讯ID') });
export type NewsIdBody = Static<typeof NewsIdBody>;
