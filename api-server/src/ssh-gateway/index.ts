export { startSshGateway } from './ssh-gateway.js';
