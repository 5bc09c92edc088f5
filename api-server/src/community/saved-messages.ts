import { ContentStatus } from '../db/index.js';

/** What a saved post says: held for review (sensitive words), kept as a draft, or `published`. */
export const blogSavedMessage = (status: number, published: string) =>
  status === ContentStatus.reviewing ? '文章含敏感词，已提交审核' : status === ContentStatus.draft ? '草稿已保存' : published;

/** What a saved question or answer says: `done`, or held for review. */
export const questionSavedMessage = (status: number, done: string) =>
  status === ContentStatus.published ? done : '内容含敏感词，已提交审核，审核通过后展示';

export const commentSavedMessage = (status: number) => (status === ContentStatus.reviewing ? '评论含敏感词，审核通过后显示' : '评论成功');
