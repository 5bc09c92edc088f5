import type { FastifyPluginAsync } from 'fastify';
import labelRoutes from './label-routes.js';
import reportRoutes from './report-routes.js';
import searchRoutes from './search-routes.js';
import questionRoutes from './question-routes.js';
import answerInvitationRoutes from './answer-invitation-routes.js';
import blogRoutes from './blog-routes.js';
import blogCommentRoutes from './blog-comment-routes.js';
import blogRecordRoutes from './blog-record-routes.js';
import bloggerRoutes from './blogger-routes.js';
import newsRoutes from './news-routes.js';
import postImageRoutes from './post-image-routes.js';
import imageCommunityRoutes from './image-community-routes.js';
import markdownRoutes from './markdown-routes.js';

/** `/apis/community/...`: labels, blogs and bloggers, questions, the image community, search and reports. */
const communityModule: FastifyPluginAsync = async (app) => {
  await app.register(labelRoutes);
  await app.register(searchRoutes);
  await app.register(reportRoutes);
  await app.register(questionRoutes);
  await app.register(answerInvitationRoutes);
  await app.register(blogRoutes);
  await app.register(blogCommentRoutes);
  await app.register(blogRecordRoutes);
  await app.register(bloggerRoutes);
  await app.register(newsRoutes);
  await app.register(postImageRoutes);
  await app.register(imageCommunityRoutes);
  await app.register(markdownRoutes);
};

export default communityModule;
