// The standalone script served at /embed/rc-uploader.js: one <script> tag defines <rc-uploader> on
// any page. It carries its own React (the page may run another version) and keeps its styles in
// the element's shadow root.
import r2wc from '@r2wc/react-to-web-component';
import { StandaloneUploader, uploaderProps } from '../web-components/standalone-uploader';

if (!customElements.get('rc-uploader')) {
  customElements.define('rc-uploader', r2wc(StandaloneUploader, { shadow: 'open', props: uploaderProps }));
}
