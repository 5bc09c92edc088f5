import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { Page } from '../envelope.js';
import { DateTime } from '../values.js';
import { BlogItem } from './blog.js';

export const BlogName = Type.String({ title: '博客名称', minLength: 1, maxLength: 40, description: '博客名称为1-40个字' });
export const BloggerIntro = Type.String({ title: '博客简介', maxLength: 300, description: '简介最多300个字' });

/** Opens my blog (once), or changes its name and introduction. */
export const BloggerSaveBody = Type.Object({ blogName: BlogName, intro: Type.Optional(BloggerIntro) });
export type BloggerSaveBody = Static<typeof BloggerSaveBody>;

/** A blogger in lists (recommendations, whom I follow). */
export const BloggerCard = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  blogName: Type.String(),
  intro: Type.String(),
  postCount: Type.Integer({ description: '已发布文章数' }),
  fanCount: Type.Integer(),
});
export type BloggerCard = Static<typeof BloggerCard>;

/** A blogger's public page: counts and recent published posts; `following`/`mine` false for anonymous visitors. */
export const BloggerProfile = Type.Intersect([
  BloggerCard,
  Type.Object({
    followCount: Type.Integer({ description: '关注了多少博主' }),
    likeCount: Type.Integer({ description: '文章共获赞数' }),
    gmtCreate: DateTime,
    recentPosts: Type.Array(BlogItem),
    following: Type.Boolean(),
    mine: Type.Boolean(),
  }),
]);
export type BloggerProfile = Static<typeof BloggerProfile>;

/** blogger/myself: my profile, with how many drafts and held posts I have; data null when my blog is not opened. */
export const MyBloggerProfile = Type.Intersect([
  BloggerProfile,
  Type.Object({ draftCount: Type.Integer(), reviewingCount: Type.Integer() }),
]);
export type MyBloggerProfile = Static<typeof MyBloggerProfile>;

export const BloggerIdBody = Type.Object({ bloggerId: Id('博主ID') });
export type BloggerIdBody = Static<typeof BloggerIdBody>;

export const BloggerRecommendBody = Type.Object({
  pageSize: Type.Optional(Type.Integer({ title: '条数', minimum: 1, maximum: 20, default: 5 })),
});
export type BloggerRecommendBody = Static<typeof BloggerRecommendBody>;

/** Follow (`attention` true) or unfollow a blogger. */
export const FollowBody = Type.Object({ bloggerId: Id('博主ID'), attention: Type.Boolean({ title: '是否关注' }) });
export type FollowBody = Static<typeof FollowBody>;
export const FollowResult = Type.Object({ following: Type.Boolean(), fanCount: Type.Integer() });
export type FollowResult = Static<typeof FollowResult>;

export const FollowedBlogger = Type.Intersect([BloggerCard, Type.Object({ followedAt: DateTime })]);
export const FollowedBloggerPage = Page(FollowedBlogger);
export type FollowedBloggerPage = Static<typeof FollowedBloggerPage>;

/** Fans of a blogger: mine when `bloggerId` is left out. */
export const FanListBody = Type.Intersect([PageQuery, Type.Object({ bloggerId: Type.Optional(Id('博主ID')) })]);
export type FanListBody = Static<typeof FanListBody>;
export const FanView = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  blogName: Type.Union([Type.String(), Type.Null()], { description: '粉丝自己的博客名，未开通为 null' }),
  followedAt: DateTime,
  followingBack: Type.Boolean({ description: '我是否也关注了他（未登录为 false）' }),
});
export type FanView = Static<typeof FanView>;
export const FanPage = Page(FanView);
export type FanPage = Static<typeof FanPage>;

export const FollowListBody = PageQuery;
