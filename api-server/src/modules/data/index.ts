import type { FastifyPluginAsync } from 'fastify';
import datasetRoutes from './dataset-routes.js';
import myDatasetRoutes from './my-dataset-routes.js';
import taskRoutes from './task-routes.js';
import downloadRoutes from './download-routes.js';
import courseProgressRoutes from './course-progress-routes.js';
import shareRoutes from './share-routes.js';

/** `/apis/data/...`: the public dataset catalogue, my datasets and their mounts, storage tasks, my downloads, my course progress, and share links. */
const dataModule: FastifyPluginAsync = async (app) => {
  await app.register(datasetRoutes);
  await app.register(myDatasetRoutes);
  await app.register(taskRoutes);
  await app.register(downloadRoutes);
  await app.register(courseProgressRoutes);
  await app.register(shareRoutes);
};

export default dataModule;
