export { deleteSavedKey, listSavedKeys, saveKey } from './saved-keys.js';
