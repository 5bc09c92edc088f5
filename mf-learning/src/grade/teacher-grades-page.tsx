import { PageHeader, PageSection, type ScreenProps } from '@rc/shared-utility';
import { GradesByRole } from './grades-by-role';
import './grade.css';

/** `/account/grades/teacher`: the classes I teach: create, edit, disband, pending applications, manage. */
export function TeacherGradesPage({ navigate }: ScreenProps) {
  return (
    <PageSection className="rc-teacher-grades">
      <PageHeader />
      <GradesByRole role="teacher" navigate={navigate} />
    </PageSection>
  );
}
