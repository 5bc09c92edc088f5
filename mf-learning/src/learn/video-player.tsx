import { useEffect, useRef } from 'react';
import type Hls from 'hls.js';
import { bus } from '@rc/shared-utility';
import { reportProgress, type PeriodProgress, type VideoRef } from './learn-api';

const reportEveryMs = 10_000;
/** A seek this close past the furthest watched second is the player's own rounding, not skipping. */
const seekSlackSeconds = 1;

/** The ranges the element actually played (seeks leave gaps), as [start, end] pairs. */
function playedRanges(video: HTMLVideoElement): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < video.played.length; i++) ranges.push([video.played.start(i), video.played.end(i)]);
  return ranges.filter(([start, end]) => end > start);
}

/** Whether this browser can decode what hls.js would feed it (H.264/AAC through Media Source Extensions). */
const decodesHlsContent = () =>
  typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');

interface VideoPlayerProps {
  source: VideoRef;
  onReported: (progress: PeriodProgress) => void;
}

/**
 * A period's video: HLS through hls.js when transcoded, the original otherwise; resumes where the
 * learner stopped, reports the played ranges (every 10 s, on pause, end and page hide), and in a
 * no-skipping course sends a seek past the furthest watched second back.
 */
export function VideoPlayer({ source, onReported }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const reported = useRef(onReported);
  reported.current = onReported;

  useEffect(() => {
    const video = videoRef.current!;
    let hls: Hls | null = null;
    let left = false;
    const playOriginal = () => {
      hls?.destroy();
      hls = null;
      video.src = source.streamUrl;
    };
    const playNativeHlsOrOriginal = () => {
      if (source.hlsUrl && video.canPlayType('application/vnd.apple.mpegurl')) video.src = source.hlsUrl;
      else playOriginal();
    };
    // hls.js (a shared module of its own) is fetched only for a transcoded video this browser can decode.
    const playThroughHlsJs = async (hlsUrl: string) => {
      const { default: HlsPlayer } = await import('hls.js');
      if (left) return;
      if (!HlsPlayer.isSupported()) return playNativeHlsOrOriginal();
      hls = new HlsPlayer();
      hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (data.fatal) playOriginal();
      });
      hls.loadSource(hlsUrl);
      hls.attachMedia(video);
    };
    if (source.hlsUrl && decodesHlsContent()) playThroughHlsJs(source.hlsUrl).catch(playNativeHlsOrOriginal);
    else playNativeHlsOrOriginal();

    let furthest = source.furthestSeconds;
    const resume = () => {
      const duration = source.durationSeconds ?? video.duration;
      if (source.resumeSeconds > 0 && source.resumeSeconds < duration - 1) video.currentTime = source.resumeSeconds;
    };
    const onTimeUpdate = () => {
      if (!video.seeking && video.currentTime <= furthest + seekSlackSeconds) furthest = Math.max(furthest, video.currentTime);
    };
    const onSeeking = () => {
      if (!source.noSkip || video.currentTime <= furthest + seekSlackSeconds) return;
      video.currentTime = furthest;
      bus.emit('toast', { type: 'warning', message: '本课程不允许拖动到未观看的位置' });
    };
    let lastSent = '';
    const report = async () => {
      if (!source.tracked) return;
      const intervals = playedRanges(video);
      const body = { periodId: source.periodId, intervals, position: video.currentTime };
      const key = JSON.stringify(body);
      if (intervals.length === 0 || key === lastSent) return;
      lastSent = key;
      const answer = await reportProgress(body);
      if (answer?.code === 200) reported.current(answer.data);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void report();
    };
    const timer = window.setInterval(() => void report(), reportEveryMs);
    video.addEventListener('loadedmetadata', resume, { once: true });
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('pause', report);
    video.addEventListener('ended', report);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', report);
    return () => {
      void report();
      window.clearInterval(timer);
      video.removeEventListener('loadedmetadata', resume);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('pause', report);
      video.removeEventListener('ended', report);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', report);
      left = true;
      hls?.destroy();
    };
  }, [source]);

  return <video ref={videoRef} className="rc-video-player" controls playsInline preload="metadata" />;
}
