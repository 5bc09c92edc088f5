import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { bus } from '../event-bus';
import { $uploadListShow } from '../stores';
import { uploads } from '../upload';
import { workerHasher } from '../upload/file-hasher';
import { indexedDbQueueStore } from '../upload/queue-store';
import { createUploadEngine, type UploadEngine } from '../upload/upload-engine';
import type { AddOptions, UploadType } from '../upload/upload-types';
import { dispatchOnHost, hostElement } from './host-element';
import { UploaderPanel } from './uploader-panel';

export interface RcUploaderProps {
  container?: HTMLElement;
  /** Set on a page outside the portal: the element then runs its own queue against this API. */
  apiBase?: string;
  token?: string;
  uploadType?: string;
  targetPath?: string;
  regionCode?: string;
}

const uploadEvents = ['upload:added', 'upload:progress', 'upload:done', 'upload:failed', 'upload:cancelled'] as const;

function addOptionsFrom(props: RcUploaderProps): AddOptions {
  const uploadType: UploadType = props.uploadType === 'gpu' || props.uploadType === 'video' ? props.uploadType : 'cpu';
  const path = props.targetPath ?? '';
  if (uploadType === 'gpu') return { uploadType, uploadParams: { regionCode: props.regionCode ?? '', prefix: path } };
  return { uploadType, uploadParams: uploadType === 'cpu' ? { path } : {} };
}

function useEngine(props: RcUploaderProps): { engine: UploadEngine; standalone: boolean } {
  const latest = useRef(props);
  latest.current = props;
  const [choice] = useState(() => {
    const standalone = Boolean(props.apiBase || props.token);
    if (!standalone) return { engine: uploads, standalone };
    const connection = { apiBase: () => latest.current.apiBase || '/apis', token: () => latest.current.token || null };
    return { engine: createUploadEngine({ hasher: workerHasher, store: indexedDbQueueStore('rc-uploads-embedded'), connection }), standalone };
  });
  return choice;
}

/**
 * `<rc-uploader>`: in the portal it shows the page's shared queue when the header's transfer-list
 * toggle is on (a new upload turns it on); with `api-base`/`token` attributes it is a standalone
 * uploader with its own queue, always shown.
 */
export function RcUploader(props: RcUploaderProps) {
  const { engine, standalone } = useEngine(props);
  const [host] = useState(() => hostElement(props.container));
  const listShown = useStore($uploadListShow);

  useEffect(() => {
    const offs = uploadEvents.map((type) => bus.on(type, (detail) => dispatchOnHost(host, type, detail)));
    if (!standalone) {
      offs.push(bus.on('upload:added', () => $uploadListShow.set(true)));
      offs.push(
        bus.on('session:logout', () => {
          $uploadListShow.set(false);
          for (const item of engine.$items.get()) engine.pause(item.id);
        }),
      );
    }
    return () => offs.forEach((off) => off());
  }, [host, engine, standalone]);

  if (!standalone && !listShown) return null;
  return <UploaderPanel engine={engine} addOptions={addOptionsFrom(props)} onClose={standalone ? undefined : () => $uploadListShow.set(false)} />;
}
