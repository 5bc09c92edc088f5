import type { FastifyPluginAsync } from 'fastify';
import teacherRoutes from './teacher-routes.js';
import liveRoutes from './live-routes.js';
import accessoryRoutes from './accessory-routes.js';
import catalogueRoutes from './catalogue-routes.js';
import commentRoutes from './comment-routes.js';
import courseAuditRoutes from './course-audit-routes.js';
import courseReviewRoutes from './course-review-routes.js';
import learnerRoutes from './learner-routes.js';
import periodAuditRoutes from './period-audit-routes.js';
import periodPlayRoutes from './period-play-routes.js';

/**
 * `/apis/course/...`: the course catalogue (`api/`), learning (sign up, comments, collections,
 * accessories, my courses), teaching (course and period audit calls) and course review.
 */
const courseModule: FastifyPluginAsync = async (app) => {
  await app.register(teacherRoutes);
  await app.register(liveRoutes);
  await app.register(catalogueRoutes);
  await app.register(learnerRoutes);
  await app.register(commentRoutes);
  await app.register(courseAuditRoutes);
  await app.register(periodAuditRoutes);
  await app.register(accessoryRoutes);
  await app.register(courseReviewRoutes);
  await app.register(periodPlayRoutes);
};

export default courseModule;
