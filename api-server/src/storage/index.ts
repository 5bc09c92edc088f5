export {
  completeMultipartUpload,
  createFolder,
  deleteObjects,
  listFolder,
  presignDownload,
  presignSingleUpload,
  startMultipartUpload,
} from './cloud-disk-transfers.js';
export {
  activateCloudDisk,
  checkObjectKey,
  checkPrefix,
  checkRegion,
  cloudDiskUsage,
  findCloudDisk,
  newObjectKey,
  openCloudDisk,
} from './cloud-disk.js';
export { clusterHome, clustersOfUser, openClusterTreeOf, setDefaultCluster } from './clusters.js';
export {
  datasetFileSystem,
  datasetTreeKey,
  datasetView,
  deleteOwnDataset,
  ownDataset,
  pageOfDatasets,
  readableDataset,
  usableDataset,
} from './datasets.js';
export { pageOfDownloads } from './download-history.js';
export { asUserError, netDiskTreeKey, openTree } from './file-trees.js';
export { mountViews } from './mount-views.js';
export { createOwnDataset, updateOwnDataset } from './my-datasets.js';
export { activateNetDisk, ensureWritable, netDiskOverview, netDiskTotals } from './net-disk.js';
export { checkNetDiskUsage, warnTreeUsage } from './storage-metering.js';
export { loadStorageTerms } from './storage-terms.js';
export { cancelTask, createTask, createTransferTask, ownTask, pageOfTasks, taskView } from './tasks.js';
export { deleteFromTrash, emptyTrash, listTrash, moveToTrash, ownNetDiskTrashItem, restoreFromTrash, type TrashItem } from './trash.js';
export { sendTreeDownload } from './tree-downloads.js';
export {
  backgroundCopyMessage,
  copyIntoFolder,
  forgetStoredPaths,
  inTree,
  listTreeFolder,
  listTreeFolders,
  makeTreeFolder,
  moveTreeItems,
  renameTreeItem,
  treePath,
} from './tree-operations.js';
