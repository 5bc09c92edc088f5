import type { FastifyPluginAsync } from 'fastify';
import examAdminRoutes from './exam-admin-routes.js';
import examTakingRoutes from './exam-taking-routes.js';
import gradeInfoRoutes from './grade-info-routes.js';
import gradingRoutes from './grading-routes.js';
import questionRoutes from './question-routes.js';
import scoreExportRoutes from './score-export-routes.js';
import applyRecordRoutes from './apply-record-routes.js';
import gradeCourseRoutes from './grade-course-routes.js';
import gradeStudentRoutes from './grade-student-routes.js';

/**
 * `/apis/exam/...`: classes (`auth/grade/info`, `student`, `apply/record`, `course`; the public `api/grade/...`),
 * exams and the question bank (`auth/grade/exam`, `auth/grade/question`), taking them (`exam/student/relation`,
 * `student/exam/answer`) and grading.
 */
const examModule: FastifyPluginAsync = async (app) => {
  await app.register(gradeInfoRoutes);
  await app.register(gradeStudentRoutes);
  await app.register(applyRecordRoutes);
  await app.register(gradeCourseRoutes);
  await app.register(examAdminRoutes);
  await app.register(gradingRoutes);
  await app.register(questionRoutes);
  await app.register(examTakingRoutes);
  await app.register(scoreExportRoutes);
};

export default examModule;
