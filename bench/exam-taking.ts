/**
 * Exam figures (not a test): a class of 300 students sits a 50-question exam (ten of each kind) through the real
 * routes (`app.inject`): begin, then autosaves of one answer at a time, 30 students at a time (saves per second,
 * p50/p99 ms), then hand-in with the system audit (p50/p99 ms per attempt), a corrected key that regrades all 300
 * attempts (seconds), and the class's exam list for the teacher (p50/p99 ms).
 * PGlite in a temp folder, or PostgreSQL when TEST_POSTGRES_URL or DATABASE_URL is set (a throwaway database:
 * scripts/with-postgres.sh makes one), which it fills.
 *   npx tsx bench/exam-taking.ts [runs]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api-server/src/app.js';
import { startSession } from '../api-server/src/accounts/sessions.js';
import { createAccount } from '../api-server/src/accounts/accounts.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase } from '../api-server/src/db/open-database.js';
import { QuestionKind, gradeStudents, grades, type StudentAnswer } from '../api-server/src/db/schema.js';
import { examFixture, type QuestionSpec } from '../api-server/src/test-support/exam-test-kit.js';
import { remarkExam } from '../api-server/src/exam/exam-marking.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { ManualClock } from '../api-server/src/test-support/test-app.js';
import { percentile, query } from './bench-kit.js';

const runs = Number(process.argv[2] ?? 50);
const studentCount = 300;
const concurrency = 30;
const serverUrl = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-exam-'));

const kinds: QuestionSpec[] = [
  { kind: QuestionKind.single, stem: '单选题', options: ['A', 'B', 'C', 'D'], answerKey: { choices: [1] }, points: 2 },
  { kind: QuestionKind.multiple, stem: '多选题', options: ['A', 'B', 'C', 'D'], answerKey: { choices: [0, 2] }, points: 2 },
  { kind: QuestionKind.trueFalse, stem: '判断题', answerKey: { truth: true }, points: 2 },
  { kind: QuestionKind.fillBlank, stem: '填空 ___ 与 ___', answerKey: { blanks: [['CUDA'], ['12.4', '12.4.1']] }, points: 2 },
  { kind: QuestionKind.shortAnswer, stem: '简答题', answerKey: { reference: '参考答案' }, points: 2 },
];
const questions = Array.from({ length: 50 }, (_, i) => kinds[i % kinds.length]!);
const answerFor = (kind: number, n: number): StudentAnswer =>
  kind === QuestionKind.single
    ? { choices: [n % 4] }
    : kind === QuestionKind.multiple
      ? { choices: [0, n % 4] }
      : kind === QuestionKind.trueFalse
        ? { truth: n % 2 === 0 }
        : kind === QuestionKind.fillBlank
          ? { blanks: ['ｃｕｄａ', '12.4'] }
          : { text: `第 ${n} 位同学的作答：每张卡一份模型副本，梯度 all-reduce 后更新。` };

const ms = (value: number) => value.toFixed(1);
const summary = (times: number[]) => {
  times.sort((a, b) => a - b);
  return `p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms`;
};

const opened = await openDatabase({ dataDir, databaseUrl: serverUrl });
try {
  const db = opened.db;
  await seedDemoData(db);
  const now = new Date();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }),
    db,
    clock: new ManualClock(now.getTime()),
    logger: false,
  });
  await app.ready();

  const started = Date.now();
  const teacher = await createAccount(db, { mobile: '13799990001', passwordHash: 'x', nickname: '压测老师', userType: 2, isTeacher: true });
  const [grade] = await db.insert(grades).values({ teacherId: teacher.id, gradeName: '压测班级', studentCount }).returning();
  const tokens: string[] = [];
  for (let i = 0; i < studentCount; i++) {
    const student = await createAccount(db, { mobile: `1359999${String(i).padStart(4, '0')}`, passwordHash: 'x', nickname: `学生${i}` });
    await db.insert(gradeStudents).values({ gradeId: grade!.id, userId: student.id });
    tokens.push(await startSession(app, student.id, { ip: '127.0.0.1', userAgent: 'bench' }));
  }
  const teacherToken = await startSession(app, teacher.id, { ip: '127.0.0.1', userAgent: 'bench' });
  const { examId, itemIds } = await examFixture(app, grade!.id, teacher.id, { questions, durationMinutes: 120 });
  console.log(
    `seeded a class of ${studentCount} and a ${questions.length}-question exam in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const post = async (url: string, payload: object, token: string) => {
    const answer = await app.inject({ method: 'POST', url: `/apis/exam${url}`, headers: { token }, payload });
    const body = answer.json();
    if (body.code !== 200) throw new Error(`${url}: ${answer.body.slice(0, 300)}`);
    return body.data;
  };
  const inParallel = async (jobs: number, job: (index: number) => Promise<void>) => {
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < jobs; index = next++) await job(index);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };

  const beginTimes: number[] = [];
  const attempts: number[] = [];
  await inParallel(studentCount, async (student) => {
    const t0 = performance.now();
    const sheet = await post('/auth/grade/exam/student/relation/begin', { examId }, tokens[student]!);
    beginTimes.push(performance.now() - t0);
    attempts[student] = sheet.attemptId;
  });
  console.log(`begin (sheet of ${questions.length} questions): ${summary(beginTimes)}`);

  const saveTimes: number[] = [];
  const saves = studentCount * questions.length;
  const saveStarted = performance.now();
  await inParallel(saves, async (job) => {
    const student = job % studentCount;
    const item = Math.floor(job / studentCount);
    const t0 = performance.now();
    await post(
      '/auth/grade/student/exam/answer/save',
      {
        attemptId: attempts[student],
        answers: [{ itemId: itemIds[item], answer: answerFor(questions[item]!.kind, student), version: item + 1 }],
      },
      tokens[student]!,
    );
    saveTimes.push(performance.now() - t0);
  });
  const saveSeconds = (performance.now() - saveStarted) / 1000;
  console.log(
    `autosaves: ${saves} in ${saveSeconds.toFixed(1)} s = ${(saves / saveSeconds).toFixed(0)}/s, ${summary(saveTimes)} (${concurrency} at a time)`,
  );

  const submitTimes: number[] = [];
  await inParallel(studentCount, async (student) => {
    const t0 = performance.now();
    await post('/auth/grade/exam/student/relation/submit/audit', { attemptId: attempts[student] }, tokens[student]!);
    submitTimes.push(performance.now() - t0);
  });
  console.log(`hand-in with the system audit of ${questions.length} answers: ${summary(submitTimes)}`);

  await query(db, `update exam_items set answer_key = '{"truth": false}' where id = ${itemIds[2]}`);
  const regradeStarted = performance.now();
  const regraded = await db.transaction((tx) => remarkExam(tx, examId));
  console.log(`corrected key: ${regraded} attempts regraded in ${((performance.now() - regradeStarted) / 1000).toFixed(2)} s`);

  const listTimes: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    await post('/auth/grade/exam/admin/page', { gradeId: grade!.id }, teacherToken);
    if (i >= 3) listTimes.push(performance.now() - t0);
  }
  console.log(`the class's exam list for the teacher: ${summary(listTimes)}`);
  await app.close();
} finally {
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
