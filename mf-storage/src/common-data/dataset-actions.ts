import { createElement } from 'react';
import { dialogs } from '@rc/shared-utility';
import type { DatasetView } from './common-data-api';
import { DatasetDetail } from './dataset-detail';
import { CopyToNetDiskForm, MountForm } from './dataset-forms';
import { openShareDialog } from '../shares/share-dialog';

export function showDataset(dataset: DatasetView) {
  dialogs.open({ title: `数据集：${dataset.title}`, width: 720, content: createElement(DatasetDetail, { dataset }) });
}

export function copyDataset(dataset: DatasetView, navigate: (url: string) => void) {
  dialogs.open({
    title: `复制到网盘：${dataset.title}`,
    width: 480,
    content: (close) => createElement(CopyToNetDiskForm, { dataset, close, navigate }),
  });
}

export function mountIntoInstance(dataset: DatasetView, onDone?: () => void) {
  dialogs.open({
    title: `挂载到实例：${dataset.title}`,
    width: 480,
    content: (close) => createElement(MountForm, { dataset, close, onDone }),
  });
}

/** A share link of the whole dataset; its page also offers renting an instance that mounts it. */
export const shareDataset = (dataset: DatasetView) => openShareDialog({ source: `dataset:${dataset.id}`, path: '', name: dataset.title });
