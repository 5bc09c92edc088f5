import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSeconds } from './video-test-kit.js';
import { runnableTranscoders, type VideoTranscoder } from './video-transcoder.js';

const lesson = new URL('../seed/assets/lesson-20s.webm', import.meta.url).pathname;
const transcoders = await runnableTranscoders();
let workDir: string;
beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rc-transcoder-'));
});
afterAll(() => fs.rm(workDir, { recursive: true, force: true }));

const emptyFolder = async () => fs.mkdtemp(path.join(workDir, 'out-'));

describe.each(transcoders.map((transcoder) => [transcoder.kind, transcoder] as [string, VideoTranscoder]))(
  '%s transcoder',
  (_kind, transcoder) => {
    it('measures the lesson as 20 seconds, or says it cannot', async () => {
      const seconds = await transcoder.probeDuration(lesson);
      if (seconds === null) expect(transcoder.kind).toBe('none');
      else expect(seconds).toBeCloseTo(lessonSeconds, 0);
    });

    it('writes a VOD playlist whose segments are files beside it, or declines to transcode', async () => {
      const outDir = await emptyFolder();
      const transcoded = await transcoder.transcodeToHls(lesson, outDir);
      const files = await fs.readdir(outDir);
      if (!transcoded) {
        expect(files).toEqual([]);
        return;
      }
      const playlist = await fs.readFile(path.join(outDir, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) {
        expect(segment).toMatch(/^[\w-]+\.ts$/);
        expect(files).toContain(segment);
      }
      const lengths = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
      expect(lengths.reduce((sum, seconds) => sum + seconds, 0)).toBeCloseTo(lessonSeconds, 0);
    });

    it('cannot measure a file that is not a video, and refuses to transcode it', async () => {
      const junk = path.join(workDir, 'junk.mp4');
      await fs.writeFile(junk, 'this is not a video');
      expect(await transcoder.probeDuration(junk)).toBeNull();
      const outcome = await transcoder.transcodeToHls(junk, await emptyFolder()).then(
        (transcoded) => (transcoded ? 'transcoded' : 'declined'),
        () => 'rejected',
      );
      expect(outcome).toBe(transcoder.kind === 'none' ? 'declined' : 'rejected');
    });
  },
);
