export { startOperationsSocket } from './operations-socket.js';
export { startScheduledBackups } from './scheduled-backups.js';
