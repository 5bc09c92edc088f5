import r2wc from '@r2wc/react-to-web-component';
import { DialogHost } from './dialog-host';

/** Defines the portal's custom elements once per page (`<rc-dialogs>`). */
export function defineWebComponents(): void {
  if (!customElements.get('rc-dialogs')) customElements.define('rc-dialogs', r2wc(DialogHost, { shadow: 'open' }));
}
