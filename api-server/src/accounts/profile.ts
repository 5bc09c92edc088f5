import { eq } from 'drizzle-orm';
import type { ProfileUpdateBody } from '@rc/api-contract/user/profile';
import { users, type Executor } from '../db/index.js';
import { invalid } from '../errors.js';
import { loadUser, toUserInfo } from './user-info.js';
import { noteUserChange } from './user-changes.js';

/** Changes the nickname (never to blank) and the avatar; answers the user's info as it now stands. */
export async function updateProfile(db: Executor, userId: number, body: ProfileUpdateBody, now: Date) {
  const { nickname, headImgUrl } = body;
  const changes = {
    ...(nickname === undefined ? {} : { nickname: nickname.trim() }),
    ...(headImgUrl === undefined ? {} : { headImgUrl }),
  };
  if (changes.nickname === '') throw invalid('昵称不能为空');
  if (Object.keys(changes).length > 0) {
    await db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId));
    noteUserChange(userId, 'account');
  }
  return toUserInfo(db, await loadUser(db, userId));
}
