import { useCallback } from 'react';
import { Icon, Label, type SemanticICONS } from 'semantic-ui-react';
import { ListState, useLoaded, RouteLink } from '@rc/shared-utility';
import { chapterList, learnUrl } from './course-api';

const kindIcons: Record<string, SemanticICONS> = { video: 'play circle outline', document: 'file alternate outline', lab: 'terminal' };
const kindNames: Record<string, string> = { video: '视频', document: '文档', lab: '实验' };

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return whole >= 3600
    ? `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`
    : `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
};

/** 目录: chapters and periods; open ones link to the learning page, preview ones say 试看, the rest show a lock. */
export function CourseContents({ courseId, signedIn, navigate }: { courseId: number; signedIn: boolean; navigate: (url: string) => void }) {
  const fetch = useCallback(() => chapterList(courseId, signedIn), [courseId, signedIn]);
  const chapters = useLoaded(fetch);
  return (
    <ListState source={chapters} isEmpty={(list) => list.length === 0} empty="课程还没有章节">
      {(list) => (
        <div className="rc-course-chapters">
          {list.map((chapter) => (
            <section key={chapter.id} className="rc-course-chapter">
              <h4>{chapter.title}</h4>
              <ul>
                {chapter.periods.map((period) => {
                  const title = (
                    <>
                      <Icon name={kindIcons[period.kind] ?? 'file outline'} />
                      <span className="rc-period-kind">{kindNames[period.kind]}</span>
                      {period.title}
                    </>
                  );
                  return (
                    <li key={period.id} className="rc-course-period" data-period-id={period.id}>
                      {period.locked ? (
                        <span className="rc-period-title rc-period-locked">{title}</span>
                      ) : (
                        <RouteLink to={learnUrl(courseId, period.id)} navigate={navigate} className="rc-period-title">
                          {title}
                        </RouteLink>
                      )}
                      <span className="rc-period-tags">
                        {period.isPreview ? (
                          <Label size="mini" color="teal" basic>
                            试看
                          </Label>
                        ) : null}
                        {period.completed ? (
                          <Label size="mini" color="green">
                            已学完
                          </Label>
                        ) : null}
                        {period.durationSeconds ? <span className="rc-muted">{clock(period.durationSeconds)}</span> : null}
                        {period.locked ? <Icon name="lock" color="grey" title="购买或报名后学习" /> : null}
                      </span>
                    </li>
                  );
                })}
                {chapter.periods.length === 0 ? <li className="rc-muted">本章暂无课时</li> : null}
              </ul>
            </section>
          ))}
        </div>
      )}
    </ListState>
  );
}
