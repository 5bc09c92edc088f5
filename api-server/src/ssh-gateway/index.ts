export { deleteSavedKey, listSavedKeys, saveKey } from './saved-keys.js';
export { startSshGateway } from './ssh-gateway.js';
