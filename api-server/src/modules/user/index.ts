import type { FastifyPluginAsync } from 'fastify';
import loginRoutes from './login-routes.js';
import profileRoutes from './profile-routes.js';
import subUserRoutes from './sub-user-routes.js';
import messageRoutes from './message-routes.js';
import lecturerRoutes from './lecturer-routes.js';
import credentialRoutes from './credential-routes.js';

/** `/apis/user/...`: accounts, sessions, profile, ID card images, sub-accounts, messages, lecturer follows. */
const userModule: FastifyPluginAsync = async (app) => {
  for (const routes of [loginRoutes, profileRoutes, credentialRoutes, subUserRoutes, messageRoutes, lecturerRoutes]) {
    await app.register(routes);
  }
};

export default userModule;
