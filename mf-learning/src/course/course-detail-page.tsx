import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Label, Menu, Progress } from 'semantic-ui-react';
import {
  constants,
  EmptyState,
  ErrorState,
  MissingState,
  LoadingState,
  MarkdownHtml,
  PageSection,
  routeId,
  runAction,
  useLoaded,
  useLoggedIn,
  type ScreenProps,
} from '@rc/shared-utility';
import {
  collectCourse,
  followLecturer,
  learnUrl,
  relatedCourses,
  uncollectCourse,
  unfollowLecturer,
  viewCourse,
  type CourseDetail,
} from './course-api';
import { buyCourse } from './course-buy';
import { CourseCard, CourseCover, CourseGrid, priceText } from './course-card';
import { CourseAccessories } from './course-accessories';
import { CourseComments } from './course-comments';
import { CourseContents } from './course-contents';
import './course.css';

type Tab = 'intro' | 'contents' | 'accessories' | 'comments' | 'lecturer';
const tabs: Array<[Tab, string]> = [
  ['intro', '课程介绍'],
  ['contents', '目录'],
  ['accessories', '附件'],
  ['comments', '评价'],
  ['lecturer', '讲师'],
];
const statusNames: Record<number, string> = { 0: '草稿', 2: '审核中', 3: '已驳回', 4: '已下架' };

function Related({ courseId, navigate }: { courseId: number; navigate: (url: string) => void }) {
  const fetch = useCallback(() => relatedCourses(courseId), [courseId]);
  const related = useLoaded(fetch);
  if (!related.data || related.data.length === 0) return null;
  return (
    <PageSection className="rc-course-related">
      <h3>相关推荐</h3>
      {related.data.map((course) => (
        <CourseCard key={course.id} course={course} navigate={navigate} />
      ))}
    </PageSection>
  );
}

const backToCourses = { to: '/resource', label: '返回课程列表' };

/** `/resource/detail/:id`: a course's header with sign up / buy / continue and collect, its introduction, contents, reviews and lecturer. */
export function CourseDetailPage({ navigate }: ScreenProps) {
  const id = routeId();
  const loggedIn = useLoggedIn();
  const fetch = useCallback(() => viewCourse(id ?? 0, loggedIn), [id, loggedIn]);
  const loaded = useLoaded(fetch);
  const [course, setCourse] = useState<CourseDetail | undefined>();
  const [tab, setTab] = useState<Tab>('intro');
  // Contents and reviews load again after signing up (locks open, the review form appears).
  const [version, setVersion] = useState(0);
  useEffect(() => setCourse(loaded.data), [loaded.data]);

  if (id === null) return <MissingState kind="bad-link" message="链接里缺少课程编号" back={backToCourses} />;
  if (loaded.error !== null && !course)
    return <ErrorState message={loaded.error} code={loaded.errorCode} back={backToCourses} onRetry={() => void loaded.reload()} />;
  if (!course) return <LoadingState />;

  const signInFirst = () => navigate(constants.loginUrl);
  const refresh = async () => {
    await loaded.reload();
    setVersion((v) => v + 1);
  };
  const join = async () => {
    if (!loggedIn) return signInFirst();
    if (await buyCourse(course, navigate)) await refresh();
  };
  const collect = () => {
    if (!loggedIn) return signInFirst();
    void runAction(() => (course.collected ? uncollectCourse(course.id) : collectCourse(course.id)), {
      then: (data) => setCourse({ ...course, ...data }),
    });
  };
  const follow = () => {
    if (!loggedIn) return signInFirst();
    const lecturerId = course.lecturer.userId;
    void runAction(() => (course.followingLecturer ? unfollowLecturer(lecturerId) : followLecturer(lecturerId)), {
      then: () => setCourse({ ...course, followingLecturer: !course.followingLecturer }),
    });
  };

  const progress = course.progress;
  const mainAction = course.enrolled ? (
    <Button
      primary
      size="large"
      className="rc-course-continue"
      onClick={() => navigate(learnUrl(course.id, progress?.continuePeriodId ?? null))}
    >
      <Icon name="play" />
      继续学习
    </Button>
  ) : course.mine ? (
    <Button size="large" className="rc-course-preview" onClick={() => navigate(learnUrl(course.id, null))}>
      <Icon name="eye" />
      预览课程
    </Button>
  ) : course.status === 1 ? (
    <Button color="orange" size="large" className="rc-course-join" onClick={() => void join()}>
      {course.isFree ? '立即报名' : `立即购买 ${priceText(course)}`}
    </Button>
  ) : null;

  return (
    <div className="rc-course-detail">
      <PageSection className="rc-course-header">
        <CourseCover course={course} />
        <div className="rc-course-header-body">
          <h1 className="rc-course-title">
            {course.courseName}
            {statusNames[course.status] ? (
              <Label size="small" color="grey">
                {statusNames[course.status]}
              </Label>
            ) : null}
          </h1>
          <p className="rc-muted">{course.summary}</p>
          <div className="rc-course-meta">
            <span>
              <Icon name="user" />
              讲师：{course.lecturer.nickname}
            </span>
            <span>{course.learnerCount} 人学习</span>
            <span>{course.periodCount} 课时</span>
            {course.scoreCount > 0 ? (
              <span>
                评分 {course.scoreAverage.toFixed(1)}（{course.scoreCount} 人）
              </span>
            ) : null}
            {course.categoryName ? <Label size="mini">{course.categoryName}</Label> : null}
          </div>
          <div className={course.isFree ? 'rc-course-price rc-course-free' : 'rc-course-price'}>{priceText(course)}</div>
          {course.enrolled && progress ? (
            <Progress className="rc-course-progress" percent={progress.percent} size="small" color="green">
              已学 {progress.completedPeriods}/{progress.totalPeriods} 课时（{progress.percent}%）
            </Progress>
          ) : null}
          <div className="rc-course-actions">
            {mainAction}
            <Button basic={!course.collected} color="yellow" className="rc-course-collect" onClick={collect}>
              <Icon name={course.collected ? 'star' : 'star outline'} />
              {course.collected ? '已收藏' : '收藏'} {course.collectCount}
            </Button>
          </div>
        </div>
      </PageSection>
      <div className="rc-course-columns">
        <PageSection className="rc-course-tabs">
          <Menu pointing secondary>
            {tabs.map(([key, name]) => (
              <Menu.Item key={key} name={name} active={tab === key} onClick={() => setTab(key)} />
            ))}
          </Menu>
          {tab === 'intro' ? (
            course.introHtml ? (
              <MarkdownHtml html={course.introHtml} className="rc-course-intro" />
            ) : (
              <EmptyState>讲师还没有填写课程介绍</EmptyState>
            )
          ) : null}
          {tab === 'contents' ? <CourseContents key={version} courseId={course.id} signedIn={loggedIn} navigate={navigate} /> : null}
          {tab === 'accessories' ? (
            <CourseAccessories
              accessories={course.accessoryList}
              mayDownload={Boolean(course.enrolled || course.mine)}
              signedIn={loggedIn}
            />
          ) : null}
          {tab === 'comments' ? (
            <CourseComments
              key={version}
              courseId={course.id}
              signedIn={loggedIn}
              canReview={Boolean(course.enrolled && !course.reviewed)}
              onChanged={() => void loaded.reload()}
            />
          ) : null}
          {tab === 'lecturer' ? (
            <div className="rc-course-lecturer-panel">
              <div className="rc-course-lecturer-head">
                {course.lecturerProfile.avatar ? (
                  <img src={course.lecturerProfile.avatar} alt="" className="rc-course-avatar" />
                ) : (
                  <Icon name="user circle" size="huge" color="grey" />
                )}
                <div>
                  <h3>{course.lecturerProfile.nickname}</h3>
                  <p className="rc-muted">
                    {course.lecturerProfile.title || '讲师'} · {course.lecturerProfile.courseCount} 门课程
                  </p>
                </div>
                {course.mine ? null : (
                  <Button basic={!course.followingLecturer} primary className="rc-course-follow" onClick={follow}>
                    {course.followingLecturer ? '已关注' : '关注讲师'}
                  </Button>
                )}
              </div>
              <p>{course.lecturerProfile.intro || '讲师还没有填写简介'}</p>
              {course.lecturerProfile.otherCourses.length > 0 ? (
                <>
                  <h4>讲师的其他课程</h4>
                  <CourseGrid courses={course.lecturerProfile.otherCourses} navigate={navigate} />
                </>
              ) : null}
            </div>
          ) : null}
        </PageSection>
        <Related courseId={course.id} navigate={navigate} />
      </div>
    </div>
  );
}
