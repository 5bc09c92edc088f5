import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { bus } from '../event-bus';
import { $uploadListShow } from '../stores';
import { uploads } from '../upload';
import { dispatchOnHost, hostElement, useThemeAttribute } from './host-element';
import { addOptionsFrom, StandaloneUploader, uploadEvents, type UploaderAttributes } from './standalone-uploader';
import { UploaderPanel } from './uploader-panel';

/** How many pages' inline queues are showing: while one is, a new upload does not open the floating list too. */
const $inlineQueues = atom(0);

function useUploadEventsOnHost(host: HTMLElement | null, onAdded?: () => void): void {
  useEffect(() => {
    const offs = uploadEvents.map((type) => bus.on(type, (detail) => dispatchOnHost(host, type, detail)));
    if (onAdded) offs.push(bus.on('upload:added', onAdded));
    return () => offs.forEach((off) => off());
  }, [host, onAdded]);
}

const openFloatingList = () => {
  if ($inlineQueues.get() === 0) $uploadListShow.set(true);
};

/** The portal's floating view of the page's shared queue, shown while the header's transfer-list toggle is on; it opens collapsed. */
function FloatingUploader(attributes: UploaderAttributes) {
  const [host] = useState(() => hostElement(attributes.container));
  const listShown = useStore($uploadListShow);
  useThemeAttribute(host);
  useUploadEventsOnHost(host, openFloatingList);

  if (!listShown) return null;
  return (
    <UploaderPanel engine={uploads} addOptions={addOptionsFrom(attributes)} onClose={() => $uploadListShow.set(false)} startCollapsed />
  );
}

/** `<rc-uploader variant="inline">`: the shared queue inside a page (the upload page's 700×378 list). */
function InlineUploader(attributes: UploaderAttributes) {
  const [host] = useState(() => hostElement(attributes.container));
  useThemeAttribute(host);
  useUploadEventsOnHost(host);
  useEffect(() => {
    $inlineQueues.set($inlineQueues.get() + 1);
    return () => $inlineQueues.set($inlineQueues.get() - 1);
  }, []);
  return <UploaderPanel engine={uploads} addOptions={addOptionsFrom(attributes)} variant="inline" />;
}

/** `<rc-uploader>`: the portal's shared queue (floating, or `variant="inline"`), or a standalone uploader when `api-base`/`token` are set. */
export function RcUploader(attributes: UploaderAttributes) {
  const [kind] = useState(() =>
    attributes.apiBase || attributes.token ? 'standalone' : attributes.variant === 'inline' ? 'inline' : 'floating',
  );
  if (kind === 'standalone') return <StandaloneUploader {...attributes} />;
  return kind === 'inline' ? <InlineUploader {...attributes} /> : <FloatingUploader {...attributes} />;
}
