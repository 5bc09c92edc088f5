export { isShopNameTaken } from './accounts.js';
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
export { listMessages, markMessagesRead, unreadMessageCount } from './inbox.js';
export { updateProfile } from './profile.js';
export { authenticateToken, revokeSession, type SessionUser } from './sessions.js';
export { resetPasswordByCode, signInWithCode, signInWithPassword } from './sign-in.js';
export { matchSmsCode, sendSmsCode } from './sms-codes.js';
export {
  addSubAccount,
  changeSubAccountMobile,
  listSubAccounts,
  resetSubAccountPassword,
  shareBalanceWithSubAccount,
} from './sub-accounts.js';
export { spendableBalance, toUserInfo } from './user-info.js';
