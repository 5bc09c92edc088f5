import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Difficulty, QuestionKind, examAttempts, examQuestions, examStudents, exams } from '../../db/schema.js';
import { renderMarkdown } from '../../content/index.js';
import { everyKind, examFixture, gradeFixture } from '../../test-support/exam-test-kit.js';
import { newLearner, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { openEventStream } from '../../test-support/sse-client.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person;
let admin: Person;
let students: Person[];
let gradeId: number;

const MINUTE = 60_000;
const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/exam${path}`, body, who?.token);
const put = (path: string, body: unknown, who?: Person) => call(t.app, 'PUT', `/apis/exam${path}`, body, who?.token);
const relation = (name: string) => `/auth/grade/exam/student/relation/${name}`;
const SAVE = '/auth/grade/student/exam/answer/save';
const EXTRA = '/auth/grade/exam/extra/time';

/** Posts a download form as the portal does (the token a hidden field) and returns the raw answer. */
const download = (path: string, fields: Record<string, string>, who: Person) =>
  t.app.inject({
    method: 'POST',
    url: `/apis/exam${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, token: who.token }).toString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  teacher = await newTeacher(t.app);
  admin = await newLearner(t.app);
  students = [];
  for (let i = 0; i < 30; i += 1) students.push(await newLearner(t.app));
  gradeId = await gradeFixture(t.app, teacher.id, { students: [admin.id, ...students.map((student) => student.id)], admins: 1 });
});
afterAll(() => t.close());

describe('extra time', () => {
  it('granted at minute 58 of 60 lets the student answer at minute 61, and not the student without it', async () => {
    const [given, without] = [students[0]!, students[1]!];
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 60 });
    const attemptOf = async (who: Person) => (await post(relation('begin'), { examId }, who)).data.attemptId as number;
    const [givenAttempt, withoutAttempt] = [await attemptOf(given), await attemptOf(without)];
    t.clock.advance(58 * MINUTE);
    expect(await put(EXTRA, { examId, userIds: [given.id], minutes: 5 }, given)).toMatchObject({ code: 403 });
    expect(await put(EXTRA, { examId, userIds: [given.id], minutes: 5 }, admin)).toMatchObject({
      code: 200,
      data: { count: 1, extendedAttempts: 1 },
    });
    // The running page asks the clock and finds 7 minutes left instead of 2, without a reload.
    expect((await post(relation('clock'), { attemptId: givenAttempt }, given)).data).toMatchObject({
      remainingSeconds: 7 * 60,
      extraMinutes: 5,
    });
    expect((await post(relation('clock'), { attemptId: withoutAttempt }, without)).data).toMatchObject({ remainingSeconds: 2 * 60 });

    t.clock.advance(3 * MINUTE);
    const answer = (attemptId: number) => ({ attemptId, answers: [{ itemId: item(2), answer: { truth: false }, version: 1 }] });
    expect(await post(SAVE, answer(givenAttempt), given)).toMatchObject({ code: 200, data: { remainingSeconds: 4 * 60 } });
    expect(await post(SAVE, answer(withoutAttempt), without)).toMatchObject({ code: 409, msg: '考试已结束，答案未保存' });

    const list = (await post(relation('list'), { examId }, teacher)).data;
    const row = (who: Person) => list.students.find((student: { userId: number }) => student.userId === who.id);
    expect(row(given)).toMatchObject({ extraMinutes: 5, extraTimeSetBy: expect.any(String), extraTimeSetAt: expect.any(String) });
    expect(row(without)).toMatchObject({ extraMinutes: 0, extraTimeSetBy: '', extraTimeSetAt: null });
    const [standing] = await t.app.db.select().from(examStudents).where(eq(examStudents.userId, given.id));
    expect(standing).toMatchObject({ extraMinutes: 5, extraTimeSetBy: admin.id });
  });

  it("pushes a running attempt's new deadline to the student's open event stream, and to no one else's", async () => {
    const [sitting, other] = [students[20]!, students[21]!];
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 60 });
    const attemptId = (await post(relation('begin'), { examId }, sitting)).data.attemptId as number;
    await post(relation('begin'), { examId }, other);
    const apiBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/apis`;
    const [stream, otherStream] = [await openEventStream(apiBase, sitting.token), await openEventStream(apiBase, other.token)];
    await stream.next('snapshot');
    await otherStream.next('snapshot');
    t.clock.advance(20 * MINUTE);

    await put(EXTRA, { examId, userIds: [sitting.id], minutes: 10 }, teacher);
    const begunAt = t.clock.now().getTime() - 20 * MINUTE;
    const deadlineOf = async (which: typeof stream) => JSON.parse((await which.next('examDeadline')).data);
    expect(await deadlineOf(stream)).toEqual({
      attemptId,
      examId,
      status: 1,
      deadlineAt: new Date(begunAt + 70 * MINUTE).toISOString(),
      extraMinutes: 10,
    });
    await put(EXTRA, { examId, userIds: [sitting.id], minutes: 0 }, teacher);
    expect(await deadlineOf(stream)).toMatchObject({ deadlineAt: new Date(begunAt + 60 * MINUTE).toISOString(), extraMinutes: 0 });

    // The other student's stream heard no deadline until its own moved.
    await put(EXTRA, { examId, userIds: [other.id], minutes: 5 }, teacher);
    expect(await deadlineOf(otherStream)).toMatchObject({ extraMinutes: 5 });
    expect(otherStream.events.filter((event) => event.event === 'examDeadline')).toHaveLength(1);
    stream.close();
    otherStream.close();
  });

  it('set before the exam lengthens the attempts begun later, for a group at once', async () => {
    const group = [students[2]!, students[3]!];
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 30 });
    const granted = await put(EXTRA, { examId, userIds: group.map((who) => who.id), minutes: 15 }, teacher);
    expect(granted).toMatchObject({ code: 200, data: { count: 2, extendedAttempts: 0 }, msg: '已为 2 名学生延长 15 分钟' });
    const brief = (await post(relation('brief'), { examId }, group[0]!)).data;
    expect(brief).toMatchObject({ durationMinutes: 30, extraMinutes: 15 });
    // 「最迟到」: the window's close moves by the student's extra time, for that student only.
    expect(Date.parse(brief.latestEndAt)).toBe(Date.parse(brief.closesAt) + 15 * MINUTE);
    const plain = (await post(relation('brief'), { examId }, students[4]!)).data;
    expect(plain.latestEndAt).toBe(plain.closesAt);
    for (const who of group) {
      expect((await post(relation('begin'), { examId }, who)).data).toMatchObject({ remainingSeconds: 45 * 60, extraMinutes: 15 });
    }
    expect((await post(relation('begin'), { examId }, students[4]!)).data).toMatchObject({ remainingSeconds: 30 * 60, extraMinutes: 0 });
    expect(await put(EXTRA, { examId, userIds: [admin.id], minutes: 5 }, teacher)).toMatchObject({
      code: 422,
      msg: '所选学生中有人不是本班学生（班级管理员不参加考试）',
    });
  });
});

describe('shuffles', () => {
  it('give each attempt its own order, stable across reloads, and the shuffled answers are marked right', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    await t.app.db.update(exams).set({ shuffleQuestions: true, shuffleOptions: true }).where(eq(exams.id, examId));
    const who = students[5]!;
    const sheet = (await post(relation('begin'), { examId }, who)).data;
    const again = (await post(relation('continue'), { examId }, who)).data;
    expect(again.items).toEqual(sheet.items);
    expect(sheet.items.map((row: { sort: number }) => row.sort)).toEqual([1, 2, 3, 4, 5]);

    // The student answers by what they see: the right options by their text, wherever the shuffle put them.
    const byStem = (text: string) => sheet.items.find((row: { stemHtml: string }) => row.stemHtml.includes(text));
    const rightChoices = (index: number) => {
      const question = everyKind[index]!;
      const shown = byStem(question.stem.slice(0, 6));
      const texts = question.answerKey.choices!.map((choice) => question.options![choice]);
      return { itemId: shown.itemId, answer: { choices: texts.map((text) => shown.options.indexOf(text)) }, version: 1 };
    };
    const multiple = rightChoices(1);
    const answers = [
      rightChoices(0),
      multiple,
      { itemId: byStem('按量计费').itemId, answer: { truth: false }, version: 1 },
      { itemId: byStem('并行计算').itemId, answer: { blanks: ['CUDA', 'nvidia-smi'] }, version: 1 },
    ];
    expect((await post(SAVE, { attemptId: sheet.attemptId, answers }, who)).code).toBe(200);
    const reloaded = (await post(relation('continue'), { examId }, who)).data;
    const reloadedChoices = reloaded.answers.find((row: { itemId: number }) => row.itemId === multiple.itemId).answer.choices;
    expect([...reloadedChoices].sort()).toEqual([...multiple.answer.choices].sort());

    const handedIn = await post(relation('submit/audit'), { attemptId: sheet.attemptId }, who);
    expect(handedIn.data).toMatchObject({ objectiveScore: 12 });
    // The grader sees the exam's own order and the options as set.
    const paper = (await post('/auth/grade/student/exam/answer/view', { attemptId: sheet.attemptId }, teacher)).data;
    expect(paper.items.map((row: { sort: number }) => row.sort)).toEqual([1, 2, 3, 4, 5]);
    expect(paper.items[1]).toMatchObject({ options: everyKind[1]!.options, answer: { choices: [0, 1, 3] }, score: 4 });
  });

  it('show the student their marked paper as they answered it, and the grader in the exam’s own order', async () => {
    const { examId, itemIds } = await examFixture(t.app, gradeId, teacher.id, { showAnswers: true });
    await t.app.db.update(exams).set({ shuffleQuestions: true, shuffleOptions: true }).where(eq(exams.id, examId));
    const who = students[6]!;
    const { attemptId } = (await post(relation('begin'), { examId }, who)).data;
    // A known shuffle instead of the drawn one: the questions backwards, the multiple choice's options backwards.
    const [single, multiple] = [itemIds[0]!, itemIds[1]!];
    const layout = { itemIds: [...itemIds].reverse(), optionOrders: { [single]: [0, 1, 2], [multiple]: [3, 2, 1, 0] } };
    await t.app.db.update(examAttempts).set({ layout }).where(eq(examAttempts.id, attemptId));
    // PyTorch, TensorFlow and JAX as shown: JAX, Excel, TensorFlow, PyTorch.
    const answers = [{ itemId: multiple, answer: { choices: [0, 2, 3] }, version: 1 }];
    expect((await post(SAVE, { attemptId, answers }, who)).code).toBe(200);
    expect((await post(relation('submit/audit'), { attemptId }, who)).data).toMatchObject({ objectiveScore: 4 });
    expect((await put('/auth/grade/exam/student/relation/audit/complete', { examId }, teacher)).code).toBe(200);

    const own = (await post('/auth/grade/student/exam/answer/view', { attemptId }, who)).data;
    expect(own.items.map((row: { itemId: number }) => row.itemId)).toEqual([...itemIds].reverse());
    expect(own.items.map((row: { sort: number }) => row.sort)).toEqual([1, 2, 3, 4, 5]);
    expect(own.items[3]).toMatchObject({ itemId: multiple, options: ['JAX', 'Excel', 'TensorFlow', 'PyTorch'], score: 4 });
    expect([...own.items[3].answer.choices].sort()).toEqual([0, 2, 3]);
    expect([...own.items[3].answerKey.choices].sort()).toEqual([0, 2, 3]);

    const graders = (await post('/auth/grade/student/exam/answer/view', { attemptId }, teacher)).data;
    expect(graders.items.map((row: { itemId: number }) => row.itemId)).toEqual(itemIds);
    expect(graders.items[1]).toMatchObject({ options: everyKind[1]!.options, answerKey: { choices: [0, 1, 3] } });
    expect([...graders.items[1].answer.choices].sort()).toEqual([0, 1, 3]);
  });
});

describe('pools', () => {
  it('give 30 students a fair draw: every slot filled, nothing drawn twice in an attempt, each candidate as often', async () => {
    const bankQuestion = (kind: number, difficulty: number, n: number) => ({
      teacherId: teacher.id,
      kind: kind as 1,
      difficulty,
      stem: `池题 ${kind}-${difficulty}-${n}`,
      stemHtml: renderMarkdown(`池题 ${kind}-${difficulty}-${n}`),
      options: kind === QuestionKind.single ? ['对', '错'] : [],
      answerKey: kind === QuestionKind.single ? { choices: [0] } : { truth: true },
      points: 3,
    });
    const singles = Array.from({ length: 10 }, (_, n) => bankQuestion(QuestionKind.single, Difficulty.hard, n));
    const truths = Array.from({ length: 4 }, (_, n) => bankQuestion(QuestionKind.trueFalse, Difficulty.easy, n));
    // Every fixture exam puts medium questions in the bank too: none of them may be drawn.
    const decoy = bankQuestion(QuestionKind.single, Difficulty.medium, 0);
    await t.app.db.insert(examQuestions).values([...singles, ...truths, decoy]);
    const now = t.clock.now();
    const setting = {
      gradeId,
      title: '随机抽题测验',
      opensAt: now.toISOString(),
      closesAt: new Date(now.getTime() + 24 * 60 * MINUTE).toISOString(),
      durationMinutes: 30,
      attemptsAllowed: 1,
      audience: 1,
      multipleChoiceRule: 1,
      showAnswers: false,
      items: [],
      pools: [
        { kind: QuestionKind.single, difficulty: Difficulty.hard, draw: 3, points: 4 },
        { kind: QuestionKind.trueFalse, difficulty: Difficulty.easy, draw: 2, points: 5 },
      ],
    };
    const tooMany = { ...setting, pools: [{ kind: QuestionKind.trueFalse, difficulty: Difficulty.easy, draw: 5, points: 5 }] };
    expect(await post('/auth/grade/exam/save', tooMany, teacher)).toMatchObject({
      code: 422,
      msg: '题池「判断题（易）」要抽 5 道题，题库中只有 4 道可用',
    });
    const saved = await post('/auth/grade/exam/save', setting, teacher);
    expect(saved).toMatchObject({ code: 200, data: { totalPoints: 3 * 4 + 2 * 5, questionCount: 5 } });
    const { examId } = saved.data;

    const drawn = new Map<string, number>();
    for (const who of students) {
      const sheet = (await post(relation('begin'), { examId }, who)).data;
      expect(sheet.items).toHaveLength(5);
      expect(new Set(sheet.items.map((row: { itemId: number }) => row.itemId)).size).toBe(5);
      expect(sheet.items.map((row: { kind: number; points: number }) => [row.kind, row.points])).toEqual([
        [1, 4],
        [1, 4],
        [1, 4],
        [3, 5],
        [3, 5],
      ]);
      for (const row of sheet.items as Array<{ stemHtml: string }>) {
        const stem = /池题 [\d-]+/.exec(row.stemHtml)![0];
        drawn.set(stem, (drawn.get(stem) ?? 0) + 1);
      }
    }
    // 30 attempts × 3 slots over 10 singles: 9 each; 30 × 2 over 4 true/false: 15 each; no medium one.
    expect([...drawn].filter(([stem]) => stem.startsWith('池题 1-')).map(([, n]) => n)).toEqual(Array(10).fill(9));
    expect([...drawn].filter(([stem]) => stem.startsWith('池题 3-')).map(([, n]) => n)).toEqual(Array(4).fill(15));
    expect([...drawn.keys()].filter((stem) => !/^池题 (1-3|3-1)-\d$/.test(stem))).toEqual([]);

    // A drawn attempt is marked on its own five questions: all right is full marks.
    const who = students[0]!;
    const sheet = (await post(relation('continue'), { examId }, who)).data;
    const answers = sheet.items.map((row: { itemId: number; kind: number }) => ({
      itemId: row.itemId,
      answer: row.kind === QuestionKind.single ? { choices: [0] } : { truth: true },
      version: 1,
    }));
    await post(SAVE, { attemptId: sheet.attemptId, answers }, who);
    expect((await post(relation('submit/audit'), { attemptId: sheet.attemptId }, who)).data).toMatchObject({ objectiveScore: 22 });
  });
});

describe('export', () => {
  it('writes CSV and Excel files whose totals equal the grading screen, and the class gradebook', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 60 });
    const sitters = [students[10]!, students[11]!, students[12]!];
    await put(EXTRA, { examId, userIds: [sitters[2]!.id], minutes: 10 }, teacher);
    const answerSets = [
      [{ itemId: item(0), answer: { choices: [1] }, version: 1 }],
      [
        { itemId: item(0), answer: { choices: [1] }, version: 1 },
        { itemId: item(1), answer: { choices: [0, 1, 3] }, version: 1 },
        { itemId: item(3), answer: { blanks: ['CUDA', 'x'] }, version: 1 },
      ],
      [{ itemId: item(4), answer: { text: '梯度汇总' }, version: 1 }],
    ];
    for (const [index, who] of sitters.entries()) {
      const { attemptId } = (await post(relation('begin'), { examId }, who)).data;
      await post(SAVE, { attemptId, answers: answerSets[index] }, who);
      if (index < 2) await post(relation('submit/audit'), { attemptId }, who);
    }
    // The third runs out of time (60 + 10 minutes) and is handed in by the server.
    t.clock.advance(71 * MINUTE);
    expect(await post(relation('continue'), { examId }, sitters[2]!)).toMatchObject({ code: 409, msg: '考试时间已到，答卷已自动提交' });
    const list = (await post(relation('list'), { examId }, teacher)).data;
    const screen = new Map<string, number>();
    for (const student of list.students) for (const attempt of student.attempts) screen.set(student.nickname, attempt.totalScore);
    expect([...screen.values()].sort()).toEqual([0, 2, 8]);

    const csv = await download('/auth/grade/exam/score/export', { examId: String(examId), format: 'csv' }, teacher);
    expect(csv.headers['content-type'], csv.body.slice(0, 300)).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('阶段测验.csv'));
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => header!.indexOf(name);
    expect(header!.slice(4, 9)).toEqual([
      '第1题（单选，2分）',
      '第2题（多选，4分）',
      '第3题（判断，2分）',
      '第4题（填空，4分）',
      '第5题（简答，8分）',
    ]);
    const sat = lines.filter((line) => line[column('状态')] !== '未参加');
    expect(new Map(sat.map((line) => [line[0]!, Number(line[column('总分')])]))).toEqual(screen);
    expect(sat.find((line) => line[column('延长时间（分钟）')] === '10')).toMatchObject({
      [column('交卷方式')]: '到时自动交卷',
      [column('第5题（简答，8分）')]: '待批阅',
      [column('迟交')]: '否',
    });
    expect(lines.length).toBe(list.students.length);

    const xlsx = await download('/auth/grade/exam/score/export', { examId: String(examId), format: 'xlsx' }, teacher);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const totals = new Map<string, number>();
    const totalColumn = column('总分') + 1;
    sheet.eachRow((row, rowNo) => {
      const total = row.getCell(totalColumn).value;
      if (rowNo > 1 && typeof total === 'number') totals.set(String(row.getCell(1).value), total);
    });
    expect(totals).toEqual(screen);

    expect(
      (await download('/auth/grade/exam/score/export', { examId: String(examId), format: 'csv' }, students[10]!)).json(),
    ).toMatchObject({
      code: 403,
    });

    const gradebook = await download('/auth/grade/gradebook/export', { gradeId: String(gradeId), format: 'csv' }, admin);
    const [bookHeader, ...bookLines] = gradebook.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const examColumn = bookHeader!.indexOf('阶段测验（满分20）', bookHeader!.length - 3);
    expect(examColumn).toBeGreaterThan(1);
    expect(bookLines).toHaveLength(students.length);
    const fromBook = new Map(bookLines.filter((line) => line[examColumn] !== '').map((line) => [line[0]!, Number(line[examColumn])]));
    expect(fromBook).toEqual(screen);

    // The gradebook screen shows what the file holds: the same students, exams, scores (blank: null) and totals.
    const onPage = await post('/auth/grade/gradebook', { gradeId }, admin);
    expect(onPage.code).toBe(200);
    expect(onPage.data.exams.map((exam: { title: string; totalPoints: number }) => `${exam.title}（满分${exam.totalPoints}）`)).toEqual(
      bookHeader!.slice(2, -1),
    );
    expect(
      onPage.data.students.map((row: { nickname: string; remark: string; scores: Array<number | null>; total: number }) =>
        [row.nickname, row.remark, ...row.scores.map((score) => (score === null ? '' : String(score))), String(row.total)].join(','),
      ),
    ).toEqual(bookLines.map((line) => line.join(',')));
    const onScreen = new Map(
      onPage.data.students
        .filter((row: { scores: Array<number | null> }) => row.scores.at(-1) !== null)
        .map((row: { nickname: string; scores: number[] }) => [row.nickname, row.scores.at(-1)]),
    );
    expect(onScreen).toEqual(screen);
    expect(await post('/auth/grade/gradebook', { gradeId }, students[10]!)).toMatchObject({ code: 403 });
  });
});
