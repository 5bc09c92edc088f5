import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, browserToken } from './support/demo-session';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => ({ server, browser, page } = suite));

interface PeriodProgress {
  periodId: number;
  percent: number;
  completed: boolean;
  lastPosition: number;
}

const learnerCall = async <T>(path: string, body: unknown) => apiCall<T>(server.url, path, body, await browserToken(browser));

const player = {
  state: () =>
    browser.execute(() => {
      const video = document.querySelector<HTMLVideoElement>('video.rc-video-player');
      return video ? { readyState: video.readyState, currentTime: video.currentTime, paused: video.paused, ended: video.ended } : null;
    }),
  async waitUntil(check: (state: { readyState: number; currentTime: number; paused: boolean; ended: boolean }) => boolean, what: string) {
    await browser.waitUntil(
      async () => {
        const state = await player.state();
        return state !== null && check(state);
      },
      { timeout: 60_000, timeoutMsg: `the player never ${what}` },
    );
  },
  /** Muted, so Chromium lets a script start playback. */
  play: (from?: number) =>
    browser.execute((start) => {
      const video = document.querySelector<HTMLVideoElement>('video.rc-video-player')!;
      video.muted = true;
      if (start !== null) video.currentTime = start;
      void video.play();
    }, from ?? null),
  pause: () => browser.execute(() => document.querySelector<HTMLVideoElement>('video.rc-video-player')!.pause()),
};

describe('watching a course video', () => {
  it('counts only what was played, does not complete on a seek to the end, and resumes where the learner paused', async () => {
    const courses = await learnerCall<Array<{ courseId: number; courseName: string }>>('/data/auth/course/user/progress/list', {});
    const course = courses.find((row) => row.courseName === 'PyTorch 深度学习入门');
    const outline = await learnerCall<{ chapters: Array<{ periods: Array<{ id: number; kind: string }> }> }>(
      '/course/api/course/learn/outline',
      {
        courseId: course!.courseId,
      },
    );
    const video = outline.chapters.flatMap((chapter) => chapter.periods).find((period) => period.kind === 'video')!;
    const progressOfVideo = async () =>
      (await learnerCall<PeriodProgress[]>('/data/auth/course/user/period/progress/list', { courseId: course!.courseId })).find(
        (row) => row.periodId === video.id,
      )!;
    const url = `/preview/resource/${course!.courseId}?periodId=${video.id}`;

    await page.open(url);
    await player.waitUntil((state) => state.readyState >= 1, 'loaded the video');
    await player.play();
    await player.waitUntil((state) => state.currentTime >= 10, 'reached the tenth second');
    await player.pause();
    const pausedAt = (await player.state())!.currentTime;

    const mark = browser.$(`.rc-learn-period[data-period-id="${video.id}"] .rc-learn-mark`);
    await browser.waitUntil(async () => /^\d+%$/.test(await mark.getText().catch(() => '')), {
      timeout: 15_000,
      timeoutMsg: 'the side list never showed the period’s progress',
    });
    const shown = Number((await mark.getText()).replace('%', ''));
    expect(shown).toBeGreaterThanOrEqual(45);
    expect(shown).toBeLessThanOrEqual(60);
    const half = await progressOfVideo();
    expect(half.percent).toBeGreaterThanOrEqual(45);
    expect(half.percent).toBeLessThanOrEqual(60);
    expect(half.completed).toBe(false);
    expect(Math.abs(half.lastPosition - pausedAt)).toBeLessThan(1);

    await browser.refresh();
    await player.waitUntil((state) => state.readyState >= 1 && Math.abs(state.currentTime - pausedAt) <= 1, `resumed at ${pausedAt}`);

    await player.play(19);
    await player.waitUntil((state) => state.ended, 'played to the end');
    await browser.waitUntil(async () => (await progressOfVideo()).lastPosition >= 19, {
      timeout: 15_000,
      timeoutMsg: 'the last second was never reported',
    });
    const afterSeek = await progressOfVideo();
    expect(afterSeek.completed).toBe(false);
    expect(afterSeek.percent).toBeLessThanOrEqual(66);
    await page.waitForText(`.rc-learn-period[data-period-id="${video.id}"]`, `${afterSeek.percent}%`);
  }, 180_000);
});
