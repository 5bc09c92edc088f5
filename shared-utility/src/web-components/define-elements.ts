import r2wc from '@r2wc/react-to-web-component';
import { DialogHost } from './dialog-host';
import { uploaderProps } from './standalone-uploader';
import { RcUploader } from './uploader-element';

/** Defines the portal's custom elements once per page (`<rc-dialogs>`, `<rc-uploader>`). */
export function defineWebComponents(): void {
  if (!customElements.get('rc-dialogs')) customElements.define('rc-dialogs', r2wc(DialogHost, { shadow: 'open' }));
  if (!customElements.get('rc-uploader')) customElements.define('rc-uploader', r2wc(RcUploader, { shadow: 'open', props: uploaderProps }));
}
