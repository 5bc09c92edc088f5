import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, users } from '../../db/schema.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { answerQuestion, ask, auth, members, signInAgain, type Member } from '../../test-support/question-test-kit.js';

let t: TestApp;
let asker: Member;
let veteran: Member;
let novice: Member;
let invitees: Member[];
beforeAll(async () => {
  t = await createTestApp();
  [asker, veteran, novice, ...invitees] = await members(t, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
  await t.app.db.update(users).set({ nickname: '邀请人小周' }).where(eq(users.id, asker.id));
  await t.app.db.update(users).set({ nickname: '候选人甲' }).where(eq(users.id, invitees[0]!.id));
  await t.app.db.update(users).set({ nickname: '候选人乙' }).where(eq(users.id, invitees[1]!.id));
});
afterAll(() => t.close());
beforeEach(async () => {
  // A fresh hour for the posting limits, well inside the day the invitation limit counts.
  t.clock.advance(3_600_000);
  await signInAgain(t, [asker, veteran, novice, ...invitees]);
});

const invite = (questionId: number, userId: number, who: Member = asker) =>
  call(t.app, 'POST', auth('invite/save'), { questionId, userId }, who.token);
const viewAs = async (id: number, who: Member) => (await call(t.app, 'POST', auth('view'), { id }, who.token)).data;
const inboxOf = (userId: number) => t.app.db.select().from(messages).where(eq(messages.userId, userId));
const accept = (questionId: number, answerId: number, who: Member) =>
  call(t.app, 'POST', auth('accept'), { questionId, answerId }, who.token);

describe('invite to answer', () => {
  it('lets the asker invite a user, who gets a message and sees who invited them on the question', async () => {
    const id = await ask(t, asker);
    const [first] = invitees;
    expect((await viewAs(id, asker)).canInvite).toBe(true);
    expect(await invite(id, first!.id)).toMatchObject({ code: 200, msg: '已邀请 候选人甲 回答', data: { userId: first!.id } });
    const inbox = await inboxOf(first!.id);
    expect(inbox).toEqual([
      expect.objectContaining({ title: '邀请你回答', content: '邀请人小周 邀请你回答问题「怎样配置 CUDA 环境变量？」。' }),
    ]);
    expect(await viewAs(id, first!)).toMatchObject({ invitedBy: '邀请人小周', canInvite: false });
    expect((await viewAs(id, invitees[1]!)).invitedBy).toBeNull();

    const listed = await call(t.app, 'POST', auth('invite/list'), { questionId: id }, asker.token);
    expect(listed.data).toEqual([expect.objectContaining({ userId: first!.id, nickname: '候选人甲', answered: false })]);
    await answerQuestion(t, first!, id);
    const after = await call(t.app, 'POST', auth('invite/list'), { questionId: id }, asker.token);
    expect(after.data).toEqual([expect.objectContaining({ userId: first!.id, answered: true })]);
  });

  it('refuses every invitation the rules forbid with a Chinese sentence, and writes nothing for it', async () => {
    const id = await ask(t, asker);
    const [first, second] = invitees;
    await invite(id, first!.id);
    await answerQuestion(t, second!, id);
    const before = (await inboxOf(second!.id)).length;
    const refusals = [
      [await invite(id, second!.id, novice), 403, '只有提问者或有3个以上回答被采纳的用户可以邀请回答'],
      [await invite(id, asker.id), 422, '不能邀请自己回答'],
      [await invite(id, 99_999_999), 404, '被邀请的用户不存在'],
      [await invite(id, first!.id), 409, '已经邀请过该用户'],
      [await invite(id, second!.id), 409, '该用户已回答过这个问题'],
      [await invite(99_999_999, first!.id), 404, '问题不存在或已删除'],
    ] as const;
    for (const [answer, code, msg] of refusals) expect({ code: answer.code, msg: answer.msg }).toEqual({ code, msg });
    expect((await inboxOf(second!.id)).length).toBe(before);
    expect((await call(t.app, 'POST', auth('invite/list'), { questionId: id }, asker.token)).data).toHaveLength(1);
  });

  it('invites at most 5 users to one question', async () => {
    const id = await ask(t, asker);
    for (const invitee of invitees.slice(0, 5)) expect((await invite(id, invitee.id)).code).toBe(200);
    expect(await invite(id, invitees[5]!.id)).toMatchObject({ code: 409, msg: '每个问题最多邀请5人回答' });
    expect(await inboxOf(invitees[5]!.id)).toEqual([]);
  });

  it('refuses invitations once an answer is accepted', async () => {
    const id = await ask(t, asker);
    const answerId = await answerQuestion(t, invitees[0]!, id);
    await accept(id, answerId, asker);
    expect((await viewAs(id, asker)).canInvite).toBe(false);
    expect(await invite(id, invitees[1]!.id)).toMatchObject({ code: 409, msg: '问题已采纳回答，不能再邀请' });
  });

  it('lets someone with 3 accepted answers invite on any question, but not invite the asker; 2 accepted are not enough', async () => {
    const theirs = await ask(t, novice);
    for (let i = 0; i < 3; i += 1) {
      const id = await ask(t, invitees[i]!);
      await accept(id, await answerQuestion(t, veteran, id), invitees[i]!);
      if (i === 1) {
        expect((await viewAs(theirs, veteran)).canInvite).toBe(false);
        expect((await invite(theirs, invitees[3]!.id, veteran)).code).toBe(403);
      }
    }
    expect((await viewAs(theirs, veteran)).canInvite).toBe(true);
    expect(await invite(theirs, novice.id, veteran)).toMatchObject({ code: 422, msg: '不能邀请提问者回答自己的问题' });
    expect((await invite(theirs, invitees[3]!.id, veteran)).code).toBe(200);
    expect((await viewAs(theirs, invitees[3]!)).invitedBy).toMatch(/^测试/);
  });

  it('allows 20 invitations per inviter in 24 hours, and more once the day has passed', async () => {
    const [inviter] = await members(t, [0]);
    const questionIds = [];
    for (let i = 0; i < 5; i += 1) questionIds.push(await ask(t, inviter!));
    await signInAgain(t, [...invitees]);
    for (const id of questionIds.slice(0, 4))
      for (const invitee of invitees.slice(0, 5)) expect((await invite(id, invitee.id, inviter)).code).toBe(200);
    const refused = await invite(questionIds[4]!, invitees[0]!.id, inviter);
    expect(refused).toMatchObject({ code: 429, msg: '24小时内最多邀请20人回答，请明天再试' });
    t.clock.advance(86_400_000);
    await signInAgain(t, [inviter!]);
    expect((await invite(questionIds[4]!, invitees[0]!.id, inviter)).code).toBe(200);
  });

  it('finds users to invite by part of a nickname or a whole mobile, leaving out the inviter and the asker, for those who may invite only', async () => {
    const id = await ask(t, asker);
    await invite(id, invitees[0]!.id);
    const search = async (keyword: string) =>
      (await call(t.app, 'POST', auth('invite/candidates'), { questionId: id, keyword }, asker.token)).data;
    expect(await search('候选人')).toEqual([
      expect.objectContaining({ userId: invitees[0]!.id, nickname: '候选人甲', invited: true }),
      expect.objectContaining({ userId: invitees[1]!.id, nickname: '候选人乙', invited: false }),
    ]);
    const [{ mobile }] = (await t.app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, invitees[2]!.id))) as [
      { mobile: string },
    ];
    const byMobile = await search(mobile);
    expect(byMobile).toEqual([expect.objectContaining({ userId: invitees[2]!.id, mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}` })]);
    expect(await search(mobile.slice(0, 7))).toEqual([]);
    expect(await search('邀请人小周')).toEqual([]);
    const stranger = await call(t.app, 'POST', auth('invite/candidates'), { questionId: id, keyword: '候选人' }, novice.token);
    expect(stranger).toMatchObject({ code: 403, msg: '只有提问者或有3个以上回答被采纳的用户可以邀请回答' });
  });
});
