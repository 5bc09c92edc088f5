import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from './demo-data.js';
import { seedDemoLessonVideo } from './demo-lesson-video.js';
import { call, createTestApp, login, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo lesson video', () => {
  it('adds a playable 20-second video period to the free demo course once, with the demo user signed up', async () => {
    expect(await seedDemoLessonVideo(t.app.db, t.app.blobs)).toBe(true);
    expect(await seedDemoLessonVideo(t.app.db, t.app.blobs)).toBe(false);
    await t.app.videos.queue.resumeInterrupted();
    await t.app.videos.queue.idle();
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const [course] = (await call(t.app, 'POST', '/apis/data/auth/course/user/progress/list', {}, token)).data;
    expect(course).toMatchObject({ courseName: 'PyTorch 深度学习入门', completedPeriods: 0 });
    const outline = (await call(t.app, 'POST', '/apis/course/api/course/learn/outline', { courseId: course.courseId }, token)).data;
    const video = outline.chapters[0].periods.find((period: { kind: string }) => period.kind === 'video');
    expect(video).toMatchObject({ durationSeconds: 20, locked: false });
    const ref = (await call(t.app, 'POST', '/apis/course/auth/course/video/ref', { periodId: video.id }, token)).data;
    const bytes = await t.app.inject({ method: 'GET', url: ref.hlsUrl ?? ref.streamUrl, headers: { range: 'bytes=0-3' } });
    expect(bytes.statusCode).toBe(206);
  });
});
