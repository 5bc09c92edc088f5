import type { FastifyInstance } from 'fastify';
import type { RegisterBody } from '@rc/api-contract/user/login';
import { invalid } from '../errors.js';
import { hashPassword } from '../lib/index.js';
import { createAccount, signIn, type SignInClient, consumeSmsCode } from '../accounts/index.js';
import { referrerOfCode } from './referral.js';
import { grantWelcomeCredit } from './welcome-credit.js';

/** Registration lives with the money: a new account is credited its welcome amount and remembers who referred it. */
export async function registerAccount(app: FastifyInstance, client: SignInClient, body: RegisterBody) {
  const { mobile, code, password, nickname, referralCode } = body;
  let referredBy: number | undefined;
  if (referralCode) {
    const referrer = await referrerOfCode(app.db, referralCode);
    if (!referrer) throw invalid('推荐码无效');
    referredBy = referrer.id;
  }
  await consumeSmsCode(app, mobile, 'register', code);
  const passwordHash = await hashPassword(password);
  const user = await app.db.transaction(async (tx) =>
    grantWelcomeCredit(tx, await createAccount(tx, { mobile, passwordHash, nickname, referredBy }), app.clock.now()),
  );
  return signIn(app, client, user);
}
