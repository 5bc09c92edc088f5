import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';
import { ListState, MarkdownHtml, PageSection, routeId, useLoaded, useLoggedIn, type ScreenProps } from '@rc/shared-utility';
import {
  loadOutline,
  loadPeriodContent,
  loadPeriodProgress,
  type LearnOutline,
  type PeriodContent,
  type PeriodProgress,
} from './learn-api';
import { VideoPlayer } from './video-player';
import './learn.css';

const kindIcon = { video: 'play circle outline', document: 'file alternate outline', lab: 'flask' } as const;

const queryPeriodId = () => {
  const id = Number(new URLSearchParams(window.location.search).get('periodId'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The period to show: the one asked for, else where the learner stopped, else the first one they may open. */
function startingPeriod(outline: LearnOutline, asked: number | null): number | null {
  const periods = outline.chapters.flatMap((chapter) => chapter.periods);
  const open = (id: number | null) => periods.find((period) => period.id === id && !period.locked)?.id;
  return open(asked) ?? open(outline.lastPeriodId) ?? periods.find((period) => !period.locked)?.id ?? null;
}

function ProgressMark({ progress }: { progress: PeriodProgress | undefined }) {
  if (!progress) return null;
  if (progress.completed) return <span className="rc-learn-mark rc-learn-done">已学完</span>;
  return progress.percent > 0 ? <span className="rc-learn-mark">{progress.percent}%</span> : null;
}

/** `/preview/resource/:id?periodId=`: a course's chapters and periods beside the current period (video, document or lab). */
export function LearnPage({ navigate }: ScreenProps) {
  const courseId = routeId();
  const loggedIn = useLoggedIn();
  if (!courseId) return <PageSection className="rc-learn">没有指定课程</PageSection>;
  // Signing in or out changes which periods open: the course is loaded afresh.
  return <CourseLearning key={String(loggedIn)} courseId={courseId} loggedIn={loggedIn} navigate={navigate} />;
}

function CourseLearning({ courseId, loggedIn, navigate }: { courseId: number; loggedIn: boolean; navigate: (url: string) => void }) {
  const fetchOutline = useCallback(() => loadOutline(courseId), [courseId]);
  const outline = useLoaded(fetchOutline);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [progress, setProgress] = useState<Map<number, PeriodProgress>>(new Map());

  const refreshProgress = useCallback(async () => {
    if (!outline.data?.enrolled) return;
    const answer = await loadPeriodProgress(courseId);
    if (answer.code === 200) setProgress(new Map(answer.data.map((row) => [row.periodId, row])));
  }, [courseId, outline.data?.enrolled]);

  useEffect(() => {
    if (outline.data) setPeriodId((current) => current ?? startingPeriod(outline.data!, queryPeriodId()));
    void refreshProgress();
  }, [outline.data, refreshProgress]);

  const open = (id: number) => {
    setPeriodId(id);
    navigate(`/preview/resource/${courseId}?periodId=${id}`);
  };
  const onReported = useCallback((row: PeriodProgress) => setProgress((current) => new Map(current).set(row.periodId, row)), []);

  return (
    <PageSection className="rc-learn">
      <ListState source={outline} isEmpty={(data) => data.chapters.length === 0} empty="这门课程还没有课时">
        {(data) => {
          // The teacher and operators open every period without signing up: no prompt for them.
          const previewing = !data.enrolled && data.chapters.some((chapter) => chapter.periods.some((period) => period.locked));
          return (
            <div className="rc-learn-layout">
              <aside className="rc-learn-outline" aria-label="课程目录">
                <h2 className="rc-learn-title">{data.courseName}</h2>
                {data.chapters.map((chapter) => (
                  <section key={chapter.id} className="rc-learn-chapter">
                    <h3>{chapter.title}</h3>
                    <ul>
                      {chapter.periods.map((period) => (
                        <li key={period.id}>
                          <button
                            type="button"
                            className={`rc-learn-period${period.id === periodId ? ' active' : ''}`}
                            disabled={period.locked}
                            data-period-id={period.id}
                            onClick={() => open(period.id)}
                          >
                            <Icon name={period.locked ? 'lock' : kindIcon[period.kind]} />
                            <span className="rc-learn-period-title">{period.title}</span>
                            {period.isPreview && previewing && <span className="rc-learn-mark">试看</span>}
                            <ProgressMark progress={progress.get(period.id)} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </aside>
              <main className="rc-learn-main">
                {previewing && <JoinPrompt courseId={data.courseId} isFree={data.isFree} loggedIn={loggedIn} navigate={navigate} />}
                {periodId === null ? (
                  <p className="rc-empty">请选择左侧可学习的课时</p>
                ) : (
                  <PeriodView key={periodId} periodId={periodId} noSkip={data.noSkip} navigate={navigate} onReported={onReported} />
                )}
              </main>
            </div>
          );
        }}
      </ListState>
    </PageSection>
  );
}

function JoinPrompt({
  courseId,
  isFree,
  loggedIn,
  navigate,
}: {
  courseId: number;
  isFree: boolean;
  loggedIn: boolean;
  navigate: (url: string) => void;
}) {
  const action = isFree ? '报名' : '购买';
  return (
    <Message info className="rc-learn-join">
      <p>{loggedIn ? `你正在试看，${action}后可学习全部课时并记录学习进度。` : `你正在试看，登录并${action}后可学习全部课时。`}</p>
      <Button primary size="small" onClick={() => navigate(`/resource/detail/${courseId}`)}>
        去{action}
      </Button>
    </Message>
  );
}

function PeriodView({
  periodId,
  noSkip,
  navigate,
  onReported,
}: {
  periodId: number;
  noSkip: boolean;
  navigate: (url: string) => void;
  onReported: (row: PeriodProgress) => void;
}) {
  const fetchContent = useCallback(() => loadPeriodContent(periodId), [periodId]);
  const content = useLoaded(fetchContent);
  return (
    <ListState source={content} isEmpty={() => false} empty="">
      {(period) => <PeriodBody period={period} noSkip={noSkip} navigate={navigate} onReported={onReported} />}
    </ListState>
  );
}

function PeriodBody({
  period,
  noSkip,
  navigate,
  onReported,
}: {
  period: PeriodContent;
  noSkip: boolean;
  navigate: (url: string) => void;
  onReported: (row: PeriodProgress) => void;
}) {
  const video = useMemo(() => period.video, [period]);
  return (
    <article className="rc-learn-period-view">
      <h2>{period.title}</h2>
      {period.kind === 'video' &&
        (video?.streamUrl ? (
          <>
            <VideoPlayer source={video} onReported={onReported} />
            {noSkip && <p className="rc-learn-note">本课程不允许拖动到未观看的位置，学习进度照常保存。</p>}
            {!video.tracked && <p className="rc-learn-note">试看不记录学习进度。</p>}
          </>
        ) : (
          <p className="rc-empty">讲师还没有上传这个课时的视频</p>
        ))}
      {period.kind === 'document' && <MarkdownHtml html={period.documentHtml} />}
      {period.kind === 'lab' &&
        (period.lab ? (
          <div className="rc-learn-lab">
            <p>
              本实验使用镜像 <strong>{period.lab.imageName}</strong>，租用一台实例即可动手练习（按实例计费）。
            </p>
            <Button primary onClick={() => navigate(period.lab!.rentUrl)}>
              <Icon name="server" />
              用该镜像租用实例
            </Button>
          </div>
        ) : (
          <p className="rc-empty">讲师还没有为这个实验指定镜像</p>
        ))}
    </article>
  );
}
