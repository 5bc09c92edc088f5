export { createAccount, uniqueViolation } from './accounts.js';
export { currentUser } from './current-user.js';
export { notify } from './messages.js';
export { startPeriodicPass } from './periodic-pass.js';
export { SessionCache, staleUserKeys } from './session-cache.js';
export { authenticateSession, authenticateToken, type SessionUser, startSession } from './sessions.js';
export { type MatchedSmsCode, spendSmsCode } from './sms-codes.js';
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
export { loadUser, spendableBalance } from './user-info.js';
