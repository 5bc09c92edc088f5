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
export {
  clusterHome,
  clustersOfUser,
  enabledClusters,
  ensureClusters,
  type HpcCluster,
  openClusterTreeOf,
  setDefaultCluster,
} from './clusters.js';
export {
  datasetFileSystem,
  datasetFolder,
  datasetTreeKey,
  datasetView,
  deleteOwnDataset,
  ownDataset,
  pageOfDatasets,
  readableDataset,
  usableDataset,
} from './datasets.js';
export { ensureDemoDatasets } from './demo-datasets.js';
export { pageOfDownloads } from './download-history.js';
export { readCloudText, readTreeText, saveCloudText, saveTreeText, sendCloudInline, sendTreeInline } from './file-preview.js';
export { type FileEntry, type FileSystem, FileSystemError } from './file-system.js';
export { asUserError, clusterTreeKey, type FileTree, netDiskTreeKey, openTree, userHome } from './file-trees.js';
export { readyNetDiskFolder } from './net-disk-volume.js';
export type { InstanceMounts } from './instance-mounts.js';
export { storageResources } from './storage-resources.js';
export { createOwnDataset, updateOwnDataset } from './my-datasets.js';
export { activateNetDisk, ensureWritable, netDiskOverview, netDiskTotals, quoteNetDiskActivation } from './net-disk.js';
export { SftpPool, type SftpTarget } from './sftp-pool.js';
export { datasetOfSharePass, listShared, openShare, sendSharedDownload } from './share-access.js';
export { createShare, pageOfShareAccesses, pageOfShares, revokeShare, shareView } from './share-links.js';
export { checkNetDiskUsage, warnTreeUsage } from './storage-metering.js';
export { runStoragePass, type StoragePassReport } from './storage-pass.js';
export { defaultCloudDiskTerms, defaultNetDiskTerms, loadStorageTerms } from './storage-terms.js';
export { startTaskRunner } from './task-runner.js';
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
  treeArea,
  treeClash,
  treePath,
  writeTreeFile,
  placeTreeFile,
} from './tree-operations.js';
