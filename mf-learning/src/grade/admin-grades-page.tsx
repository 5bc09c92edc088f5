import { PageHeader, PageSection, type ScreenProps } from '@rc/shared-utility';
import { GradesByRole } from './grades-by-role';
import './grade.css';

/** `/account/grades/admin`: the classes I administer for their teacher. */
export function AdminGradesPage({ navigate }: ScreenProps) {
  return (
    <PageSection className="rc-admin-grades">
      <PageHeader />
      <GradesByRole role="admin" navigate={navigate} />
    </PageSection>
  );
}
