export { editableApp, ownApp, visibleApp } from './app-access.js';
export { launchesOf } from './launch-list.js';
export { approveApp, createApp, deleteApp, putaway, rejectApp, updateApp } from './app-shelf.js';
export { saveTemplate, templateGpuModels, templateImages, templateScopes } from './app-templates.js';
export { appCategoryList, appDetail, authorCards, reviewCards, shelfCards } from './app-views.js';
