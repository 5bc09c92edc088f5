import type { ReactNode } from 'react';
import { Icon, Label } from 'semantic-ui-react';
import { RouteLink } from '@rc/shared-utility';
import type { GradeCard } from './grade-api';

/** One class as a card: name (to its page), intro, teacher, members; the caller adds its buttons. */
export function GradeCardView({ grade, navigate, children }: { grade: GradeCard; navigate: (url: string) => void; children?: ReactNode }) {
  return (
    <article className="rc-grade-card" data-grade-id={grade.gradeId}>
      <RouteLink to={`/grade/view/${grade.gradeId}`} navigate={navigate}>
        <h3 className="rc-grade-name">
          {grade.gradeName}
          {grade.isPublic ? null : <Label size="mini" basic content="私密" style={{ marginLeft: 8 }} />}
        </h3>
      </RouteLink>
      <div className="rc-grade-intro">{grade.intro || '老师还没有填写班级简介'}</div>
      <div className="rc-grade-meta">
        <span>
          <Icon name="user" />
          {grade.teacherName}
        </span>
        <span className="rc-grade-count">
          {grade.studentCount}/{grade.maxStudents} 人
        </span>
        {grade.pendingApplications > 0 ? (
          <Label size="mini" color="orange" className="rc-grade-pending" content={`${grade.pendingApplications} 条待审核`} />
        ) : null}
      </div>
      {children ? <div className="rc-grade-actions">{children}</div> : null}
    </article>
  );
}
