import type { FastifyPluginAsync } from 'fastify';

/** `/apis/application/...`: the application centre (`api/`) and my applications with their instance templates. */
const applicationModule: FastifyPluginAsync = async () => {};

export default applicationModule;
