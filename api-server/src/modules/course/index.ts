import type { FastifyPluginAsync } from 'fastify';
import catalogueRoutes from './catalogue-routes.js';
import learnerRoutes from './learner-routes.js';
import commentRoutes from './comment-routes.js';

/**
 * `/apis/course/...`: the course catalogue (`api/`), learning (sign up, comments, collections,
 * accessories, my courses), teaching (course and period audit calls) and course review.
 */
const courseModule: FastifyPluginAsync = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(learnerRoutes);
  await app.register(commentRoutes);
};

export default courseModule;
