import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { bus } from '../event-bus';
import { $uploadListShow } from '../stores';
import { uploads } from '../upload';
import { dispatchOnHost, hostElement, useThemeAttribute } from './host-element';
import { addOptionsFrom, StandaloneUploader, uploadEvents, type UploaderAttributes } from './standalone-uploader';
import { UploaderPanel } from './uploader-panel';

/** The portal's view of the page's shared queue, shown while the header's transfer-list toggle is on. */
function PortalUploader(attributes: UploaderAttributes) {
  const [host] = useState(() => hostElement(attributes.container));
  const listShown = useStore($uploadListShow);
  useThemeAttribute(host);

  useEffect(() => {
    const offs = uploadEvents.map((type) => bus.on(type, (detail) => dispatchOnHost(host, type, detail)));
    offs.push(bus.on('upload:added', () => $uploadListShow.set(true)));
    return () => offs.forEach((off) => off());
  }, [host]);

  if (!listShown) return null;
  return <UploaderPanel engine={uploads} addOptions={addOptionsFrom(attributes)} onClose={() => $uploadListShow.set(false)} />;
}

/** `<rc-uploader>`: the portal's shared queue, or a standalone uploader when `api-base`/`token` are set. */
export function RcUploader(attributes: UploaderAttributes) {
  const [standalone] = useState(() => Boolean(attributes.apiBase || attributes.token));
  return standalone ? <StandaloneUploader {...attributes} /> : <PortalUploader {...attributes} />;
}
