import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingWebServer, hostileVideos, lessonSeconds, testClips } from '../test-support/video-test-kit.js';
import { runnableTranscoders, type VideoProbe, type VideoTranscoder } from './video-transcoder.js';

const lesson = new URL('../seed/assets/lesson-20s.webm', import.meta.url).pathname;
const transcoders = await runnableTranscoders();
let workDir: string;
/** Another user's private video somewhere on this machine, which no upload may reach. */
let privateVideo: string;
let webServer: Awaited<ReturnType<typeof countingWebServer>>;
beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rc-transcoder-'));
  privateVideo = path.join(workDir, 'other-user', 'private.mp4');
  await fs.mkdir(path.dirname(privateVideo));
  await fs.copyFile(testClips.mp4, privateVideo);
  webServer = await countingWebServer();
});
afterAll(async () => {
  await webServer.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

const emptyFolder = async () => fs.mkdtemp(path.join(workDir, 'out-'));
/** A file staged alone in a folder of its own, as uploads are. */
async function staged(name: string, content: Buffer | string): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(workDir, 'stage-')), name);
  await fs.writeFile(file, content);
  return file;
}

describe.each(transcoders.map((transcoder) => [transcoder.kind, transcoder] as [string, VideoTranscoder]))(
  '%s transcoder',
  (_kind, transcoder) => {
    it('finds the lesson a Matroska (WebM) file and measures it as 20 seconds, or says it cannot measure', async () => {
      const probe = await transcoder.probe(lesson);
      expect(probe?.container).toBe('matroska');
      if (probe!.durationSeconds === null) expect(transcoder.kind).toBe('none');
      else expect(probe!.durationSeconds).toBeCloseTo(lessonSeconds, 0);
    });

    it.each([
      ['mp4', 'mov'],
      ['flv', 'flv'],
      ['mpegts', 'mpegts'],
      ['avi', 'avi'],
    ] as const)('takes a real .%s as the %s container', async (extension, container) => {
      expect((await transcoder.probe(testClips[extension]))?.container).toBe(container);
    });

    it('writes a VOD playlist whose segments are files beside it, or declines to transcode', async () => {
      const outDir = await emptyFolder();
      const transcoded = await transcoder.transcodeToHls(lesson, (await transcoder.probe(lesson))!, outDir);
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

    it('refuses a file that is not a video', async () => {
      expect(await transcoder.probe(await staged('junk.mp4', 'this is not a video'))).toBeNull();
      expect(await transcoder.probe(await staged('empty.mp4', ''))).toBeNull();
    });

    it('refuses playlists and concat lists naming another user’s video, a file: URL or a local web address', async () => {
      const lists = hostileVideos(privateVideo, webServer.url('private.mp4'));
      for (const [name, content] of Object.entries(lists)) {
        expect({ name, probe: await transcoder.probe(await staged(name, content)) }).toEqual({ name, probe: null });
      }
      expect(webServer.requests()).toBe(0);
    });

    it('told a playlist is an mp4, still reads nothing it names: it fails or declines, and writes nothing', async () => {
      const lists = hostileVideos(privateVideo, webServer.url('private.mp4'));
      const claimed: VideoProbe = { container: 'mov', durationSeconds: null };
      for (const [name, content] of Object.entries(lists)) {
        const outDir = await emptyFolder();
        const outcome = await transcoder.transcodeToHls(await staged(name, content), claimed, outDir).then(
          (transcoded) => (transcoded ? 'transcoded' : 'declined'),
          () => 'rejected',
        );
        expect({ name, outcome }).toEqual({ name, outcome: transcoder.kind === 'none' ? 'declined' : 'rejected' });
        expect(await fs.readdir(outDir)).toEqual([]);
      }
      expect(webServer.requests()).toBe(0);
    });
  },
);
