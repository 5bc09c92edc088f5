import { useCallback, useState } from 'react';
import { Button, Label, Menu } from 'semantic-ui-react';
import {
  bus,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  PageSection,
  routeId,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { viewGrade } from './grade-api';
import { GradeApplicationsTab } from './grade-applications-tab';
import { GradeCoursesTab } from './grade-courses-tab';
import { GradeMembersTab } from './grade-members-tab';
import './grade.css';

type Tab = 'members' | 'applications' | 'courses';

const backToMyGrades = { to: '/account/grades/teacher', label: '返回我教的班级' };

/** `/account/grades/manage/:id`: one class for its teacher and admins: members, applications, courses, and its exams. */
export function GradeManagePage({ navigate }: ScreenProps) {
  const id = routeId();
  const fetch = useCallback(() => viewGrade(id ?? 0, true), [id]);
  const loaded = useLoaded(fetch);
  const [tab, setTab] = useState<Tab>('members');
  // Members change when applications are approved.
  const [version, setVersion] = useState(0);
  if (id === null) return <EmptyState>请从「我教的班级」或「我管理的班级」选择要管理的班级</EmptyState>;
  if (loaded.error !== null)
    return <ErrorState message={loaded.error} code={loaded.errorCode} back={backToMyGrades} onRetry={() => void loaded.reload()} />;
  const grade = loaded.data;
  if (!grade) return <LoadingState />;
  if (grade.myRole !== 'teacher' && grade.myRole !== 'admin') return <EmptyState>仅班级的老师和管理员可以管理该班级</EmptyState>;
  const pendingChanged = () => {
    setVersion((v) => v + 1);
    void loaded.reload();
    bus.emit('counters:changed', {});
  };
  return (
    <PageSection className="rc-grade-manage-page" data-grade-id={grade.gradeId}>
      <PageHeader subject={grade.gradeName}>
        <div className="rc-grade-header-actions">
          <Button basic content="班级主页" onClick={() => navigate(`/grade/view/${grade.gradeId}`)} />
          <Button
            primary
            className="rc-grade-exams"
            content="考试管理"
            onClick={() => navigate(`/account/grades/exams/${grade.gradeId}`)}
          />
          <Button
            basic
            content="阅卷"
            title="在考试管理中选择考试阅卷"
            onClick={() => navigate(`/account/grades/exams/${grade.gradeId}`)}
          />
        </div>
      </PageHeader>
      <Menu secondary pointing>
        <Menu.Item active={tab === 'members'} className="rc-tab-members" onClick={() => setTab('members')}>
          成员（{grade.studentCount}/{grade.maxStudents}）
        </Menu.Item>
        <Menu.Item active={tab === 'applications'} className="rc-tab-applications" onClick={() => setTab('applications')}>
          入班申请
          {grade.pendingApplications > 0 ? <Label size="mini" color="orange" content={grade.pendingApplications} /> : null}
        </Menu.Item>
        <Menu.Item active={tab === 'courses'} className="rc-tab-courses" onClick={() => setTab('courses')}>
          课程
        </Menu.Item>
      </Menu>
      {tab === 'members' ? <GradeMembersTab key={version} grade={grade} /> : null}
      {tab === 'applications' ? <GradeApplicationsTab grade={grade} changed={pendingChanged} /> : null}
      {tab === 'courses' ? <GradeCoursesTab grade={grade} /> : null}
    </PageSection>
  );
}
