import type { FastifyPluginAsync } from 'fastify';
import periodPlayRoutes from './period-play-routes.js';

/**
 * `/apis/course/...`: the course catalogue (`api/`), learning (sign up, comments, collections,
 * accessories, my courses), teaching (course and period audit calls) and course review.
 */
const courseModule: FastifyPluginAsync = async (app) => {
  await app.register(periodPlayRoutes);
};

export default courseModule;
