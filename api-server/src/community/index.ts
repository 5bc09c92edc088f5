export { invitationsOf, inviteCandidates, inviteToAnswer } from './answer-invitations.js';
export { commentsOnMyPosts, commentThreads, deleteComment, saveComment } from './blog-comments.js';
export { followedBloggersBlogs, myBlogList, publishedBlogList, readBlog } from './blog-lists.js';
export { collect, collectedBlogs, toggleLike, uncollect } from './blog-reactions.js';
export { recommendedBlogs } from './blog-recommend.js';
export { createBlog, deleteBlog, updateBlog } from './blog-writing.js';
export {
  fansOf,
  followedBloggers,
  myBloggerProfile,
  openBlog,
  recommendBloggers,
  requireBloggerProfile,
  setFollowing,
  updateBloggerInfo,
} from './bloggers.js';
export { startCommunityScheduler } from './community-scheduler.js';
export { decideContent, reviewQueue } from './content-review.js';
export { recomputeHotScores } from './hot-ranking.js';
export {
  deleteImage,
  imageDetail,
  listMine,
  listPublished,
  myImage,
  publishedForUse,
  publishedTags,
  publishImage,
  setStar,
  unpublishImage,
  updateImage,
} from './image-community.js';
export { imageCovers, postImages } from './image-shelves.js';
export { allArticleCategories, allLabels } from './labels.js';
export { enforcePostingLimit, sensitiveWordsIn, sensitiveWordsKey, statusOnSubmit } from './moderation.js';
export { createNews, deleteNews, newsPage, updateNews, viewNews } from './news.js';
export { acceptAnswer, answersOf, deleteAnswer, myAnswers, saveAnswer } from './question-answers.js';
export { holdBounty } from './question-bounty.js';
export { listQuestions, myQuestions, recordedQuestions, searchQuestions, similarQuestions } from './question-lists.js';
export { refreshQuestionHotScore } from './question-ranking.js';
export { deleteQuestionRecord, saveQuestionRecord } from './question-records.js';
export { askQuestion, deleteQuestion, syncQuestionIndex, updateQuestion, viewQuestion, viewQuestionAs } from './questions.js';
export { saveReport } from './reports.js';
export { blogSavedMessage, commentSavedMessage, questionSavedMessage } from './saved-messages.js';
export { kindsOfType, searchKeyword, searchSite } from './search.js';
export { viewerOf } from './viewer.js';
