import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePeriods, videos } from '../../db/schema.js';
import { signUp } from '../../learning/course-purchase.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { attachVideo, lessonSeconds, lessonVideo, uploadVideo } from '../../test-support/video-test-kit.js';
import { streamTtlMs } from '../../learning/video-stream.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let teacher: Person, otherTeacher: Person, learner: Person, stranger: Person, operator: Person;
let periodId: number;
let videoId: number;
let transcodes = false;
const ffmpeg = () => transcodes;

beforeAll(async () => {
  t = await createTestApp();
  transcodes = (await t.app.videos.queue.transcoder()).kind === 'ffmpeg';
  [teacher, otherTeacher, learner, stranger, operator] = [
    await newTeacher(t.app),
    await newTeacher(t.app),
    await newLearner(t.app),
    await newLearner(t.app),
    await newOperator(t.app),
  ];
  const client = await UploadClient.listening(t.app, teacher.token);
  const merged = await uploadVideo(client, lessonVideo, 'lesson.webm', lessonSeconds);
  expect(merged).toMatchObject({ code: 200, data: { state: ffmpeg() ? 2 : 1 } });
  videoId = merged.data.videoId;
  await t.app.videos.queue.idle();
  const fixture = await courseFixture(t.app, teacher.id, { kinds: ['video'] });
  periodId = fixture.periodIds[1]!;
  await attachVideo(t.app, periodId, videoId);
  await t.app.db.transaction((tx) => signUp(tx, { userId: learner.id, courseId: fixture.courseId, expectedPrice: 0, now: t.clock.now() }));
});
afterAll(() => t.close());

const ref = (person: Person | null) => call(t.app, 'POST', '/apis/course/auth/course/video/ref', { periodId }, person?.token);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('video/ref', () => {
  it('answers the stream to the enrolled learner, the teacher and operators, and refuses everyone else', async () => {
    expect((await ref(null)).code).toBe(401);
    expect(await ref(stranger)).toMatchObject({ code: 403, msg: '请先报名课程' });
    expect(await ref(otherTeacher)).toMatchObject({ code: 403, msg: '请先报名课程' });
    for (const person of [learner, teacher, operator]) {
      const answer = await ref(person);
      expect(answer.code).toBe(200);
      expect(answer.data).toMatchObject({ periodId, kind: 'video', videoId, resumeSeconds: 0, noSkip: false, tracked: person === learner });
      expect(answer.data.streamUrl).toMatch(/^\/apis\/vod\/api\/stream\/[\w.-]+\/original\.webm$/);
    }
  });

  it('records the probed length (or the browser’s without ffmpeg) on the video and its period', async () => {
    const [video] = await t.app.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video!.durationSeconds).toBeCloseTo(lessonSeconds, 0);
    const [period] = await t.app.db.select().from(coursePeriods).where(eq(coursePeriods.id, periodId));
    expect(period!.durationSeconds).toBeCloseTo(lessonSeconds, 0);
    expect(video!.state).toBe(ffmpeg() ? 3 : 1);
  });
});

describe('signed stream URLs', () => {
  it('answers ranges of the original with 206, Content-Range and the video type', async () => {
    const { streamUrl } = (await ref(learner)).data;
    const part = await get(streamUrl, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${lessonVideo.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers['content-type']).toBe('video/webm');
    expect(part.rawPayload.equals(lessonVideo.subarray(100, 200))).toBe(true);

    const tail = await get(streamUrl, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(lessonVideo.subarray(lessonVideo.length - 10))).toBe(true);

    const whole = await get(streamUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(lessonVideo)).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const { streamUrl } = (await ref(learner)).data;
    const answer = await get(streamUrl, { range: `bytes=${lessonVideo.length}-` });
    expect(answer.statusCode).toBe(416);
    expect(answer.headers['content-range']).toBe(`bytes */${lessonVideo.length}`);
  });

  it('refuses a forged token, another video under a copied signature, a traversal and an expired token', async () => {
    const { streamUrl } = (await ref(learner)).data as { streamUrl: string };
    const [, , , , , token, name] = streamUrl.split('/') as string[];
    const [viewer, video, expires, signature] = token!.split('.') as [string, string, string, string];
    const forged = [
      `${viewer}.${video}.${Number(expires) + 1000}.${signature}`,
      `${viewer}.${Number(video) + 1}.${expires}.${signature}`,
      // Its last two characters changed: to AA, unless they are AA (1 signature in 1,024 ends so, and passed).
      `${viewer}.${video}.${expires}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      'garbage',
    ];
    for (const bad of forged) expect((await get(`/apis/vod/api/stream/${bad}/${name}`)).statusCode).toBe(403);
    expect((await get(`/apis/vod/api/stream/${token}/index..m3u8`)).json()).toMatchObject({ code: 422 });
    expect((await get(`/apis/vod/api/stream/${token}/missing.ts`)).statusCode).toBe(404);

    t.clock.advance(streamTtlMs + 1000);
    const expired = await get(streamUrl, { range: 'bytes=0-9' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ msg: '播放地址已过期，请刷新页面' });
  });

  it('serves the HLS playlist and its relative segments once transcoded (ffmpeg machines)', async (context) => {
    if (!ffmpeg()) return context.skip();
    const { hlsUrl } = (await ref(learner)).data as { hlsUrl: string };
    expect(hlsUrl).toMatch(/\/index\.m3u8$/);
    const playlist = await get(hlsUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segments = playlist.body.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    const segment = await get(hlsUrl.replace('index.m3u8', segments[0]!), { range: 'bytes=0-187' });
    expect(segment.statusCode).toBe(206);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47);
  });
});
