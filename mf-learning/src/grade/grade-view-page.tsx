import { useCallback, useState } from 'react';
import { Button, Icon, Label } from 'semantic-ui-react';
import {
  constants,
  dialogs,
  ErrorState,
  MissingState,
  formatDateTime,
  LoadingState,
  PageSection,
  ReasonDialog,
  routeId,
  runAction,
  useLoaded,
  useLoggedIn,
  type ScreenProps,
} from '@rc/shared-utility';
import { CourseGrid } from '../course/course-card';
import { GradeExams } from '../exam-taking/grade-exams';
import {
  applyStatusColors,
  applyStatusNames,
  applyToGrade,
  gradeCourses,
  quitGrade,
  roleNames,
  viewGrade,
  type GradeView,
} from './grade-api';
import '../course/course.css';
import './grade.css';

function GradeCourses({ grade, navigate }: { grade: GradeView; navigate: (url: string) => void }) {
  const member = grade.myRole !== null;
  const fetch = useCallback(() => gradeCourses(grade.gradeId, member), [grade.gradeId, member]);
  const courses = useLoaded(fetch);
  if (!member && !grade.isPublic) return null;
  return (
    <PageSection className="rc-grade-courses">
      <h3>班级课程</h3>
      {courses.data && courses.data.list.length > 0 ? (
        <CourseGrid courses={courses.data.list} navigate={navigate} />
      ) : (
        <p className="rc-muted">{courses.data ? '老师还没有为班级添加课程' : '正在加载课程…'}</p>
      )}
    </PageSection>
  );
}

/** What I can do here: apply (with a reason), see my application, quit, or manage. */
function GradeActions({ grade, navigate, reload }: { grade: GradeView; navigate: (url: string) => void; reload: () => void }) {
  const loggedIn = useLoggedIn();
  const [applying, setApplying] = useState(false);
  const application = grade.myApplication;
  const quit = async () => {
    const sure = await dialogs.confirm({
      title: '退出班级',
      content: `确定退出班级「${grade.gradeName}」？`,
      confirmText: '退出',
      danger: true,
    });
    if (sure) await runAction(() => quitGrade(grade.gradeId), { then: reload });
  };
  if (grade.myRole === 'teacher' || grade.myRole === 'admin') {
    return (
      <Button primary className="rc-grade-manage" content="进入管理" onClick={() => navigate(`/account/grades/manage/${grade.gradeId}`)} />
    );
  }
  if (grade.myRole === 'student') return <Button basic negative className="rc-grade-quit" content="退出班级" onClick={() => void quit()} />;
  if (application?.status === 0) return <Label color="orange" className="rc-grade-my-application" content="申请审核中，请耐心等待" />;
  const full = grade.studentCount >= grade.maxStudents;
  return (
    <>
      {application ? (
        <Label
          basic
          color={applyStatusColors[application.status]}
          className="rc-grade-my-application"
          content={`上次申请${applyStatusNames[application.status]}${application.auditNote ? `：${application.auditNote}` : ''}`}
        />
      ) : null}
      <Button
        primary
        className="rc-grade-apply"
        disabled={full}
        content={full ? '班级人数已满' : '申请加入'}
        onClick={() => (loggedIn ? setApplying(true) : navigate(constants.loginUrl))}
      />
      {applying ? (
        <ReasonDialog
          header={`申请加入「${grade.gradeName}」`}
          label="申请理由"
          placeholder="介绍一下自己，方便老师审核（如姓名、学号）"
          maxLength={200}
          tooShort="请填写申请理由"
          confirm="提交申请"
          send={(reason) => applyToGrade(grade.gradeId, reason)}
          close={(sent) => {
            setApplying(false);
            if (sent) reload();
          }}
        />
      ) : null}
    </>
  );
}

const backToGrades = { to: '/grade', label: '返回班级列表' };

/** `/grade/view/:id`: a class's introduction, teacher and courses; apply, quit or manage; its exams for members. */
export function GradeViewPage({ navigate }: ScreenProps) {
  const id = routeId();
  const loggedIn = useLoggedIn();
  const fetch = useCallback(() => viewGrade(id ?? 0, loggedIn), [id, loggedIn]);
  const loaded = useLoaded(fetch);
  if (id === null) return <MissingState kind="bad-link" message="链接里缺少班级编号" back={backToGrades} />;
  if (loaded.error !== null)
    return <ErrorState message={loaded.error} code={loaded.errorCode} back={backToGrades} onRetry={() => void loaded.reload()} />;
  const grade = loaded.data;
  if (!grade) return <LoadingState />;
  return (
    <div className="rc-grade-page rc-grade-view" data-grade-id={grade.gradeId}>
      <PageSection className="rc-grade-header">
        <div>
          <h1 className="rc-grade-title">{grade.gradeName}</h1>
          <div className="rc-grade-meta">
            <span>
              <Icon name="user" />
              老师：{grade.teacherName}
            </span>
            <span className="rc-grade-count">
              成员 {grade.studentCount}/{grade.maxStudents} 人
            </span>
            {grade.myRole ? <span>管理员 {grade.adminCount} 人</span> : null}
            <span>课程 {grade.courseCount} 门</span>
            <span>创建于 {formatDateTime(grade.createdAt)}</span>
            {grade.myRole ? (
              <Label size="small" color="blue" className="rc-grade-my-role" content={`我是${roleNames[grade.myRole]}`} />
            ) : null}
          </div>
        </div>
        <div className="rc-grade-header-actions">
          <GradeActions grade={grade} navigate={navigate} reload={() => void loaded.reload()} />
        </div>
      </PageSection>
      <PageSection>
        <h3>班级简介</h3>
        <p style={{ whiteSpace: 'pre-line' }}>{grade.intro || '老师还没有填写班级简介'}</p>
      </PageSection>
      <GradeCourses grade={grade} navigate={navigate} />
      {grade.myRole ? <GradeExams gradeId={grade.gradeId} navigate={navigate} /> : null}
    </div>
  );
}
