import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examItems, examQuestions } from '../../db/schema.js';
import { examFixture, gradeFixture } from '../../test-support/exam-test-kit.js';
import { newLearner, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person;
let admin: Person;
let student: Person;
let outsider: Person;
let otherTeacher: Person;

const send = (method: 'POST' | 'PUT', path: string, body: unknown, who?: Person) =>
  call(t.app, method, `/apis/exam/auth/grade/question${path}`, body, who?.token);
const page = (body: unknown, who?: Person) => send('POST', '/page', { pageNum: 1, pageSize: 50, ...(body as object) }, who);
const save = (body: unknown, who?: Person) => send('POST', '/save', body, who);

const single = { kind: 1, stem: '哪张卡的显存 **最大**？', options: ['T4', 'A100 80GB'], answerKey: { choices: [1] }, points: 2 };
const blank = {
  kind: 4,
  stem: 'CUDA 由 ___ 推出，查看显卡的命令是 ___。',
  answerKey: { blanks: [['NVIDIA', '英伟达'], ['nvidia-smi']] },
  points: 4,
};

beforeAll(async () => {
  t = await createTestApp();
  [teacher, otherTeacher, admin, student, outsider] = await Promise.all([
    newTeacher(t.app),
    newTeacher(t.app),
    newLearner(t.app),
    newLearner(t.app),
    newLearner(t.app),
  ]);
  await gradeFixture(t.app, teacher.id, { students: [admin.id, student.id], admins: 1 });
});
afterAll(() => t.close());

describe('question/save and question/page', () => {
  it('renders each option as inline Markdown, escaping HTML and dropping script links', async () => {
    const options = ['`top`', '**htop** <script>alert(1)</script>', '[看这里](javascript:alert(1))', '[文档](https://docs.example/a)'];
    const saved = await save({ ...single, stem: '查看 GPU 的命令？', options, answerKey: { choices: [0] } }, teacher);
    expect(saved.data.options).toEqual(options);
    expect(saved.data.optionsHtml).toEqual([
      '<code>top</code>',
      '<strong>htop</strong> &lt;script&gt;alert(1)&lt;/script&gt;',
      '[看这里](javascript:alert(1))',
      '<a href="https://docs.example/a" rel="nofollow noopener noreferrer" target="_blank">文档</a>',
    ]);
    const listed = (await page({ keyword: '查看 GPU' }, teacher)).data.list;
    expect(listed.map((question: { optionsHtml: string[] }) => question.optionsHtml[0])).toEqual(['<code>top</code>']);
    expect((await send('POST', '/del', { questionId: saved.data.questionId }, teacher)).code).toBe(200);
  });

  it('keeps every kind in the teacher’s own bank, with the stem rendered and the key fitted to its kind', async () => {
    const saved = await save(single, teacher);
    expect(saved).toMatchObject({ code: 200, data: { kind: 1, stemHtml: expect.stringContaining('<strong>最大</strong>') } });
    expect((await save(blank, teacher)).data.answerKey).toEqual({ blanks: [['NVIDIA', '英伟达'], ['nvidia-smi']] });
    expect(
      (await save({ kind: 2, stem: '框架', options: ['PyTorch', 'JAX', 'Excel'], answerKey: { choices: [1, 0, 1] }, points: 4 }, teacher))
        .data.answerKey,
    ).toEqual({ choices: [0, 1] });
    expect(
      (await save({ kind: 3, stem: '关机仍计费', answerKey: { truth: false, choices: [0] }, points: 2 }, teacher)).data.answerKey,
    ).toEqual({ truth: false });
    expect(
      (await save({ kind: 5, stem: '简述数据并行', answerKey: { reference: ' 梯度汇总 ' }, points: 8 }, teacher)).data.answerKey,
    ).toEqual({ reference: '梯度汇总' });

    const mine = await page({}, teacher);
    expect(mine.data.total).toBe(5);
    expect(mine.data.list[0]).toMatchObject({ kind: 5 });
    expect((await page({ kind: 4 }, teacher)).data.list).toEqual([expect.objectContaining({ kind: 4 })]);
    expect((await page({ keyword: '显存' }, teacher)).data.list).toEqual([expect.objectContaining({ questionId: saved.data.questionId })]);
    expect((await page({ keyword: '%' }, teacher)).data.total).toBe(0);
    expect((await page({}, otherTeacher)).data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses questions that do not hold together, with the reason', async () => {
    const refused = async (body: object, msg: string | RegExp) => {
      const answer = await save(body, teacher);
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toMatch(msg);
    };
    await refused({ ...single, options: ['只有一个'] }, '选择题至少需要 2 个选项');
    await refused({ ...single, options: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] }, /选项/);
    await refused({ ...single, answerKey: { choices: [0, 1] } }, '单选题只能有一个正确答案');
    await refused({ ...single, answerKey: { choices: [] } }, '请选择正确答案');
    await refused({ ...single, options: ['T4', ' '] }, '选项不能为空');
    await refused({ kind: 3, stem: '判断', options: ['对', '错'], answerKey: { truth: true }, points: 2 }, '只有选择题可以设置选项');
    await refused({ kind: 3, stem: '判断', answerKey: {}, points: 2 }, '请设置判断题的答案');
    await refused({ ...blank, answerKey: { blanks: [['NVIDIA']] } }, '题干中有 2 个空，答案需要对应 2 组');
    await refused({ ...blank, stem: '没有空', answerKey: { blanks: [['x']] } }, '填空题的题干需要用 ___ 标出每个空');
    await refused({ ...blank, answerKey: { blanks: [['NVIDIA'], ['  ']] } }, '每个空至少需要一个答案');
    await refused({ ...single, stem: '' }, /题干/);
    await refused({ ...single, stem: '   ' }, '请填写题干');
    await refused({ ...single, stem: 'x'.repeat(5001) }, /题干/);
    await refused({ ...single, points: 0 }, /分值/);
    await refused({ ...single, points: 101 }, /分值/);
    await refused({ ...single, analysis: 'x'.repeat(2001) }, /解析/);
  });

  it('keeps at most 5000 live questions per teacher', async () => {
    const full = await newTeacher(t.app);
    const row = { teacherId: full.id, kind: 3 as const, stem: '判断', stemHtml: '<p>判断</p>', answerKey: { truth: true } };
    await t.app.db.insert(examQuestions).values(Array.from({ length: 5000 }, () => row));
    expect(await save(single, full)).toMatchObject({ code: 409, msg: '题库最多 5000 道题，请先删除不再使用的题目' });
    const [oldest] = await t.app.db
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(eq(examQuestions.teacherId, full.id))
      .limit(1);
    expect((await send('POST', '/del', { questionId: oldest!.id }, full)).code).toBe(200);
    expect((await save(single, full)).code).toBe(200);
  });

  it('is for teachers only: class admins, students, other users and anonymous callers are refused', async () => {
    for (const who of [admin, student, outsider]) {
      expect(await save(single, who)).toMatchObject({ code: 403, msg: '仅讲师可以执行此操作，请先在讲师中心申请成为讲师' });
      expect((await page({}, who)).code).toBe(403);
    }
    expect((await save(single)).code).toBe(401);
    expect((await page({})).code).toBe(401);
  });
});

describe('question/update and question/del', () => {
  it('lets only the owner change or delete a question; an exam keeps its copy', async () => {
    const gradeId = await gradeFixture(t.app, teacher.id, { students: [student.id] });
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { questions: [{ ...single, kind: 1 }] });
    const [item] = await t.app.db.select().from(examItems).where(eq(examItems.examId, examId));
    const questionId = item!.questionId!;

    for (const who of [otherTeacher]) {
      expect(await send('PUT', '/update', { ...single, questionId, stem: '改' }, who)).toMatchObject({ code: 404, msg: '题目不存在' });
      expect(await send('POST', '/del', { questionId }, who)).toMatchObject({ code: 404, msg: '题目不存在' });
    }
    for (const who of [admin, student, outsider]) {
      expect((await send('PUT', '/update', { ...single, questionId }, who)).code).toBe(403);
      expect((await send('POST', '/del', { questionId }, who)).code).toBe(403);
    }
    expect((await send('PUT', '/update', { ...single, questionId })).code).toBe(401);
    expect((await send('POST', '/del', { questionId })).code).toBe(401);

    const updated = await send(
      'PUT',
      '/update',
      { ...single, questionId, stem: '新的题干', options: ['A', 'B', 'C'], answerKey: { choices: [2] } },
      teacher,
    );
    expect(updated).toMatchObject({ code: 200, data: { stem: '新的题干', options: ['A', 'B', 'C'], answerKey: { choices: [2] } } });
    expect((await send('PUT', '/update', { ...single, questionId, answerKey: { choices: [5] } }, teacher)).msg).toBe(
      '正确答案必须是题目中的选项',
    );

    expect(await send('POST', '/del', { questionId }, teacher)).toMatchObject({ code: 200, msg: '题目已删除' });
    expect(await send('POST', '/del', { questionId }, teacher)).toMatchObject({ code: 404, msg: '题目不存在' });
    expect(await send('PUT', '/update', { ...single, questionId }, teacher)).toMatchObject({ code: 404, msg: '题目不存在' });
    expect((await page({}, teacher)).data.list.map((question: { questionId: number }) => question.questionId)).not.toContain(questionId);

    const [kept] = await t.app.db.select().from(examItems).where(eq(examItems.examId, examId));
    expect(kept).toMatchObject({ stem: single.stem, options: single.options, answerKey: { choices: [1] } });
  });
});
