import type { FastifyPluginAsync } from 'fastify';

/**
 * `/apis/course/...`: the course catalogue (`api/`), learning (sign up, comments, collections,
 * accessories, my courses), teaching (course and period audit calls) and course review.
 */
const courseModule: FastifyPluginAsync = async () => {};

export default courseModule;
