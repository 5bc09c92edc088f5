import { eq } from 'drizzle-orm';
import { users } from '../db/index.js';
import { tokenFor, userWithBalance } from './compute-test-kit.js';
import { call, type TestApp } from './test-app.js';

export const api = (path: string) => `/apis/community/api/questions/${path}`;
export const auth = (path: string) => `/apis/community/auth/questions/${path}`;

export interface Member {
  id: number;
  token: string;
}

/** Users older than a day (the ordinary posting limits apply), each with `balance` thousandths and a fresh session. */
export async function members<const Balances extends readonly number[]>(
  t: TestApp,
  balances: Balances,
): Promise<{ [K in keyof Balances]: Member }> {
  const created = [];
  for (const balance of balances) created.push(await userWithBalance(t.app, balance));
  t.clock.advance(25 * 3_600_000);
  const signedIn = await Promise.all(created.map(async ({ id }) => ({ id, token: await tokenFor(t.app, id) })));
  return signedIn as { [K in keyof Balances]: Member };
}

/** New sessions for the members after the clock moved past their sessions' day. */
export async function signInAgain(t: TestApp, people: Member[]) {
  for (const person of people) person.token = await tokenFor(t.app, person.id);
}

export async function cashOf(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.app.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

export const body = '这是问题的详细描述，至少十个字，说明遇到的情况。';

/** Asks a question and answers its id (fails the test when refused). */
export async function ask(t: TestApp, asker: Member, fields: Record<string, unknown> = {}): Promise<number> {
  const answer = await call(t.app, 'POST', auth('save'), { title: '怎样配置 CUDA 环境变量？', contentMd: body, ...fields }, asker.token);
  if (answer.code !== 200) throw new Error(`ask refused: ${answer.msg}`);
  return answer.data.id;
}

export async function answerQuestion(
  t: TestApp,
  author: Member,
  questionId: number,
  text = '在 ~/.bashrc 里设置 CUDA_HOME 即可。',
): Promise<number> {
  const answer = await call(t.app, 'POST', auth('comment/save'), { questionId, contentMd: text }, author.token);
  if (answer.code !== 200) throw new Error(`answer refused: ${answer.msg}`);
  return answer.data.id;
}
