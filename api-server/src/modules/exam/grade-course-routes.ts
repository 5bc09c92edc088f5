import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { CourseCard } from '@rc/api-contract/course/catalogue';
import { GradeCourseSaveBody, GradeCoursePageBody } from '@rc/api-contract/exam/grade';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { memberGradeCourses, publicGradeCourses, saveGradeCourses } from '../../exam/index.js';

const tags = ['班级课程'];

/** The courses a class studies: for members, for everyone on a public class, and set by the teacher. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/course/page',
    { schema: { tags, summary: '班级课程（班级成员）', body: GradeCoursePageBody, response: { 200: Envelope(Page(CourseCard)) } } },
    async (request) =>
      pagedAnswer(request.body, (window) => memberGradeCourses(app.db, currentUser(request), request.body.gradeId, window)),
  );

  app.post(
    '/api/grade/course/page',
    { schema: { tags, summary: '公开班级的课程（无需登录）', body: GradeCoursePageBody, response: { 200: Envelope(Page(CourseCard)) } } },
    async (request) => pagedAnswer(request.body, (window) => publicGradeCourses(app.db, request.body.gradeId, window)),
  );

  app.post(
    '/auth/grade/course/save',
    {
      schema: {
        tags,
        summary: '设置班级课程（仅老师，已上架课程，最多 20 门）',
        body: GradeCourseSaveBody,
        response: { 200: Envelope(Type.Object({ total: Type.Integer() })) },
      },
    },
    async (request) => ok(await saveGradeCourses(app.db, currentUser(request), request.body), '班级课程已保存'),
  );
};

export default routes;
