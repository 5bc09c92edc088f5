import type { FastifyPluginAsync } from 'fastify';
import teacherRoutes from './teacher-routes.js';
import liveRoutes from './live-routes.js';

/**
 * `/apis/course/...`: the course catalogue (`api/`), learning (sign up, comments, collections,
 * accessories, my courses), teaching (course and period audit calls) and course review.
 */
const courseModule: FastifyPluginAsync = async (app) => {
  await app.register(teacherRoutes);
  await app.register(liveRoutes);
};

export default courseModule;
