import type {
  BlogDetail,
  BlogItem,
  BlogPage,
  BlogSaveBody,
  BlogSaved,
  CollectResult,
  CollectedBlogPage,
  CommentSaveBody,
  CommentSaved,
  CommentThreadPage,
  CommentView,
  MyPostCommentPage,
  StandResult,
  UploadedImage,
} from '@rc/api-contract/community/blog';
import type {
  BloggerCard,
  BloggerProfile,
  BloggerSaveBody,
  FanPage,
  FollowResult,
  FollowedBloggerPage,
  MyBloggerProfile,
} from '@rc/api-contract/community/blogger';
import type { ArticleCategoryView, LabelView } from '@rc/api-contract/community/label';
import { api, type ApiResult, type Paging } from '@rc/shared-utility';

export type { BlogDetail, BlogItem, BloggerCard, BloggerProfile, CommentView, MyBloggerProfile };

/** The fields the write page edits (blog/save without its `status`). */
export type BlogFields = Required<Omit<BlogSaveBody, 'status'>>;

export type BlogTab = 1 | 2 | 3;

const quiet = { errorTip: false } as const;
/** Spec §4: a detail load with a lost session clears it and falls back to the public view, without a word. */
const detailLoad = { loginRedirect: false, errorTip: false } as const;
const sessionLost = (code: number) => (code >= 300 && code <= 400) || code === 401;

export const listLabels = () => api.post<LabelView[]>('/community/api/label/list', {}, quiet);
export const listCategories = () => api.post<ArticleCategoryView[]>('/community/api/article/zone/category/list', {}, quiet);

export interface BlogFilter {
  tab: BlogTab;
  labelNo?: number;
  categoryId?: number;
}
/** Tab 2 (关注) is the posts of the bloggers I follow, newest first, unfiltered. */
export const listBlogs = (filter: BlogFilter, paging: Paging) =>
  filter.tab === 2
    ? api.post<BlogPage>('/community/auth/blog/attention/list', paging, quiet)
    : api.post<BlogPage>('/community/api/blog/list', { ...filter, ...paging }, quiet);

/** The post as the signed-in user sees it (liked, collected, following); the public view when there is no session or it is lost. */
export async function viewBlog(id: number, signedIn: boolean): Promise<ApiResult<BlogDetail>> {
  if (signedIn) {
    const result = await api.post<BlogDetail>('/community/auth/blog/view', { id }, detailLoad);
    if (!sessionLost(result.code)) return result;
  }
  return api.post<BlogDetail>('/community/api/blog/view', { id }, quiet);
}
/** My own post, drafts included, for the editor. */
export const myBlog = (id: number) => api.post<BlogDetail>('/community/auth/blog/view', { id });
export const recommendedBlogs = (id: number) => api.post<BlogItem[]>('/community/api/article/recommend/list', { id, pageSize: 5 }, quiet);
export const standBlog = (blogId: number) => api.post<StandResult>('/community/auth/blog/stand', { blogId });
export const collectBlog = (blogId: number) => api.post<CollectResult>('/community/auth/blog/user/record/save', { blogId });
export const uncollectBlog = (blogId: number) => api.post<CollectResult>('/community/auth/blog/user/record/delete', { blogId });
export const deleteBlog = (id: number) => api.post<null>('/community/auth/blog/delete', { id });
export const myBlogs = (status: 0 | 1 | 2 | 3, paging: Paging) =>
  api.post<BlogPage>('/community/auth/blog/list', { status, ...paging }, quiet);
export const myCollections = (paging: Paging) =>
  api.post<CollectedBlogPage>('/community/auth/blog/user/record/collection/list', paging, quiet);

export const listComments = (blogId: number, paging: Paging, signedIn: boolean) =>
  api.post<CommentThreadPage>('/community/api/blog/comment/list', { blogId, ...paging }, signedIn ? detailLoad : quiet);
export const saveComment = (body: CommentSaveBody) => api.post<CommentSaved>('/community/auth/blog/comment/save', body);
export const deleteComment = (id: number) => api.post<null>('/community/auth/blog/comment/delete', { id });
export const commentsOnMyPosts = (paging: Paging) => api.post<MyPostCommentPage>('/community/auth/blog/comment/list', paging, quiet);

/** Status 0 saves a draft (quietly: the page shows whether it saved), 1 publishes. */
export const saveBlog = (fields: BlogFields, status: 0 | 1) =>
  api.post<BlogSaved>('/community/auth/blog/save', { ...fields, status }, { errorTip: status === 1 });
export const updateBlog = (id: number, fields: BlogFields, status: 0 | 1) =>
  api.post<BlogSaved>('/community/auth/blog/update', { id, ...fields, status }, { errorTip: status === 1 });
export function uploadBlogImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadedImage>('/community/auth/blog/image/upload', form);
}

export async function viewBlogger(bloggerId: number, signedIn: boolean): Promise<ApiResult<BloggerProfile>> {
  if (signedIn) {
    const result = await api.post<BloggerProfile>('/community/auth/blogger/view', { bloggerId }, detailLoad);
    if (!sessionLost(result.code)) return result;
  }
  return api.post<BloggerProfile>('/community/api/blogger/view', { bloggerId }, quiet);
}
/** An aside of public pages: a lost session must not send the visitor to log in. */
export const recommendedBloggers = () => api.post<BloggerCard[]>('/community/auth/blogger/recommend/list', { pageSize: 5 }, detailLoad);
export const followBlogger = (bloggerId: number, attention: boolean) =>
  api.post<FollowResult>('/community/auth/blogger/user/record/save', { bloggerId, attention });
export const followedBloggers = (paging: Paging) =>
  api.post<FollowedBloggerPage>('/community/auth/blogger/user/record/list', paging, quiet);
export const fansOf = (bloggerId: number | undefined, paging: Paging) =>
  api.post<FanPage>('/community/auth/blogger/user/record/fans/list', { ...(bloggerId ? { bloggerId } : {}), ...paging }, quiet);
export const myBlogger = () => api.post<MyBloggerProfile | null>('/community/auth/blogger/myself', {}, quiet);
export const openMyBlog = (body: BloggerSaveBody) => api.post<null>('/community/auth/blogger/save', body);
export const updateMyBlog = (body: BloggerSaveBody) => api.post<null>('/community/auth/blogger/update', body);
