import { useEffect, useRef, useState } from 'react';
import { bus } from '../event-bus';
import { workerHasher } from '../upload/file-hasher';
import { indexedDbQueueStore } from '../upload/queue-store';
import { createUploadEngine } from '../upload/upload-engine';
import type { AddOptions, UploadType } from '../upload/upload-types';
import { dispatchOnHost, hostElement } from './host-element';
import { UploaderPanel } from './uploader-panel';

export interface UploaderAttributes {
  container?: HTMLElement;
  apiBase?: string;
  token?: string;
  uploadType?: string;
  targetPath?: string;
  regionCode?: string;
  /** `inline`: the portal's queue embedded in a page (700×378) instead of floating. */
  variant?: string;
}

export const uploaderProps = {
  apiBase: 'string',
  token: 'string',
  uploadType: 'string',
  targetPath: 'string',
  regionCode: 'string',
  variant: 'string',
} as const;
export const uploadEvents = ['upload:added', 'upload:progress', 'upload:done', 'upload:failed', 'upload:cancelled'] as const;

/** Where picked files go, from the `upload-type`, `target-path` and `region-code` attributes. */
export function addOptionsFrom(attributes: UploaderAttributes): AddOptions {
  const uploadType: UploadType = attributes.uploadType === 'gpu' || attributes.uploadType === 'video' ? attributes.uploadType : 'cpu';
  const path = attributes.targetPath ?? '';
  if (uploadType === 'gpu') return { uploadType, uploadParams: { regionCode: attributes.regionCode ?? '', prefix: path } };
  return { uploadType, uploadParams: uploadType === 'cpu' ? { path } : {} };
}

/**
 * An uploader with a queue of its own, talking to `api-base` with `token` (for pages outside the
 * portal). Its events are dispatched on the element only for its own uploads.
 */
export function StandaloneUploader(attributes: UploaderAttributes) {
  const latest = useRef(attributes);
  latest.current = attributes;
  const [engine] = useState(() =>
    createUploadEngine({
      hasher: workerHasher,
      store: indexedDbQueueStore('rc-uploads-embedded'),
      // The page embedding it decides who uses it; its saved items live in a database of their own.
      connection: { apiBase: () => latest.current.apiBase || '/apis', token: () => latest.current.token || null, owner: () => '' },
    }),
  );
  const [host] = useState(() => hostElement(attributes.container));

  useEffect(() => {
    const ours = new Set<string>();
    const offs = uploadEvents.map((type) =>
      bus.on(type, (detail) => {
        if (engine.$items.get().some((item) => item.id === detail.id)) ours.add(detail.id);
        if (ours.has(detail.id)) dispatchOnHost(host, type, detail);
      }),
    );
    return () => offs.forEach((off) => off());
  }, [engine, host]);

  return <UploaderPanel engine={engine} addOptions={addOptionsFrom(attributes)} />;
}
