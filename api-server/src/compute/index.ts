export { allSystemImages, privateImagePage, systemImagePage } from './image-lists.js';
export { activateImageRepository, imageRepositoryOf } from './image-repository.js';
export { deletePrivateImage, renamePrivateImage } from './private-images.js';
