import type { FastifyPluginAsync } from 'fastify';

/**
 * `/apis/exam/...`: classes (`auth/grade/info`, `student`, `apply/record`, `course`; the public `api/grade/...`),
 * exams and the question bank (`auth/grade/exam`, `auth/grade/question`), taking them (`exam/student/relation`,
 * `student/exam/answer`) and grading.
 */
const examModule: FastifyPluginAsync = async () => {};

export default examModule;
