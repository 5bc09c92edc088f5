export { apiKeyScopeNames, authenticateApiKey, createApiKey, listApiKeys, revokeApiKey, whoami } from './api-keys.js';
export { createAccount, isShopNameTaken, uniqueViolation, type UserRow } from './accounts.js';
export { cancelCertification, certify } from './certification.js';
export {
  checkDeclaredImage,
  checkSide,
  deleteImage,
  type IdCardImage,
  listImages,
  maxImageBytes,
  ownImage,
  readImage,
  readImageBytes,
  saveStagedImage,
  sideNames,
  stageImage,
} from './credentials.js';
export { currentUser } from './current-user.js';
export { listMessages, markMessagesRead, unreadMessageCount } from './inbox.js';
export { notify } from './messages.js';
export { startPeriodicPass, type PeriodicPass } from './periodic-pass.js';
export { updateProfile } from './profile.js';
export { SessionCache, staleUserKeys } from './session-cache.js';
export { authenticateSession, authenticateToken, revokeSession, type SessionUser, startSession } from './sessions.js';
export { resetPasswordByCode, signIn, type SignInClient, signInWithCode, signInWithPassword } from './sign-in.js';
export { consumeSmsCode, type MatchedSmsCode, matchSmsCode, sendSmsCode, spendSmsCode } from './sms-codes.js';
export {
  addSubAccount,
  changeSubAccountMobile,
  listSubAccounts,
  resetSubAccountPassword,
  shareBalanceWithSubAccount,
} from './sub-accounts.js';
export {
  noteUserChange,
  runInScope,
  type UserChange,
  type UserChangeDetail,
  type UserChangeDetails,
  type UserChangeListener,
  type UserChanges,
  UserChangeScope,
  withUserChanges,
} from './user-changes.js';
export { loadUser, spendableBalance, toUserInfo } from './user-info.js';
