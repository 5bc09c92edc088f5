/**
 * Learning figures (not a test): 2,000 published courses (fixed seed) and 300 learners signed up to one of them,
 * whose 60-minute video lesson they watch in 10-second progress reports, 30 at a time, through the real routes
 * (`app.inject`): progress reports per second with p50/p99 ms; the catalogue's first page by learners, a course
 * search and the table of contents of a 200-period course, p50/p99 ms.
 * PGlite in a temp folder, or PostgreSQL when TEST_POSTGRES_URL or DATABASE_URL is set (a throwaway database:
 * scripts/with-postgres.sh makes one), which it fills.
 *   npx tsx bench/course-learning.ts [runs]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api-server/src/app.js';
import { startSession } from '../api-server/src/accounts/sessions.js';
import { createAccount } from '../api-server/src/accounts/accounts.js';
import { indexDocument } from '../api-server/src/content/search-index.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase } from '../api-server/src/db/open-database.js';
import { ShelfStatus, courseChapters, courseEnrollments, coursePeriods, courses } from '../api-server/src/db/schema.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { ManualClock } from '../api-server/src/test-support/test-app.js';
import { percentile } from './bench-kit.js';

const runs = Number(process.argv[2] ?? 50);
const courseCount = 2_000;
const learnerCount = 300;
const reportsPerLearner = 20;
const concurrency = 30;
const lessonSeconds = 3_600;
const serverUrl = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-learning-'));

const subjects = ['PyTorch', '大模型', '目标检测', '分布式训练', 'CUDA 编程', '强化学习', '推荐系统', '语音识别'];
const levels = ['入门', '进阶', '实战', '原理与实践', '从零开始'];

const ms = (value: number) => value.toFixed(1);

const opened = await openDatabase({ dataDir, databaseUrl: serverUrl });
try {
  const db = opened.db;
  await seedDemoData(db);
  const now = new Date();
  const teacher = await createAccount(db, { mobile: '13799990000', passwordHash: 'x', nickname: '压测讲师', userType: 2, isTeacher: true });

  const started = Date.now();
  const courseIds: number[] = [];
  for (let from = 0; from < courseCount; from += 500) {
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const n = from + i;
        return {
          teacherId: teacher.id,
          courseName: `${subjects[n % subjects.length]}${levels[n % levels.length]} 第${n}期`,
          summary: '压测课程',
          status: ShelfStatus.published,
          learnerCount: (n * 7919) % 5_000,
          publishedAt: new Date(now.getTime() - n * 60_000),
        };
      });
      const saved = await tx.insert(courses).values(rows).returning({ id: courses.id, courseName: courses.courseName });
      courseIds.push(...saved.map((row) => row.id));
      for (const row of saved)
        await indexDocument(tx, { kind: 'course', refId: row.id, title: row.courseName, body: '压测课程', publishedAt: now });
    });
  }
  const course = { id: courseIds[0]! };
  const [chapter] = await db.insert(courseChapters).values({ courseId: course.id, title: '全部课时', sort: 1 }).returning();
  const periods = await db
    .insert(coursePeriods)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        courseId: course.id,
        chapterId: chapter!.id,
        title: `第${i + 1}课`,
        kind: 'video' as const,
        sort: i + 1,
        isPreview: i === 0,
        durationSeconds: lessonSeconds,
      })),
    )
    .returning({ id: coursePeriods.id });
  const lessonId = periods[1]!.id;

  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }),
    db,
    clock: new ManualClock(now.getTime()),
    logger: false,
  });
  await app.ready();

  const tokens: string[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const learner = await createAccount(db, { mobile: `1369999${String(i).padStart(4, '0')}`, passwordHash: 'x', nickname: `学员${i}` });
    await db.insert(courseEnrollments).values({ courseId: course.id, userId: learner.id });
    tokens.push(await startSession(app, learner.id, { ip: '127.0.0.1', userAgent: 'bench' }));
  }
  console.log(`seeded ${courseCount} courses and ${learnerCount} learners in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Each learner watches the lesson in order, ten seconds per report.
  const reportTimes: number[] = [];
  let next = 0;
  const reportStarted = performance.now();
  const worker = async () => {
    for (let job = next++; job < learnerCount * reportsPerLearner; job = next++) {
      const learner = job % learnerCount;
      const step = Math.floor(job / learnerCount);
      const t0 = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url: '/apis/data/auth/course/user/period/progress/report',
        headers: { token: tokens[learner]! },
        payload: { periodId: lessonId, intervals: [[step * 10, step * 10 + 10]], position: step * 10 + 10 },
      });
      reportTimes.push(performance.now() - t0);
      if (answer.json().code !== 200) throw new Error(`report: ${answer.body.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const reportSeconds = (performance.now() - reportStarted) / 1000;
  reportTimes.sort((a, b) => a - b);
  console.log(
    `progress reports: ${reportTimes.length} in ${reportSeconds.toFixed(1)} s = ${(reportTimes.length / reportSeconds).toFixed(0)}/s, ` +
      `p50 ${ms(percentile(reportTimes, 50))} ms, p99 ${ms(percentile(reportTimes, 99))} ms (${concurrency} at a time)`,
  );

  const timed = async (title: string, url: string, payload: object) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const t0 = performance.now();
      const answer = await app.inject({ method: 'POST', url, payload });
      const elapsed = performance.now() - t0;
      if (answer.json().code !== 200) throw new Error(`${title}: ${answer.body.slice(0, 300)}`);
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    console.log(`${title}: p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms`);
  };
  await timed(`catalogue page 1 by learners (${courseCount} courses)`, '/apis/course/api/course/list', {
    pageNum: 1,
    pageSize: 12,
    sort: 2,
  });
  await timed('course search 「大模型」', '/apis/course/api/course/search/list', { keyword: '大模型', pageNum: 1, pageSize: 12 });
  await timed('table of contents of a 200-period course', '/apis/course/api/course/chapter/list', { courseId: course.id });
  await app.close();
} finally {
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
