import { useCallback } from 'react';
import { Button, Table } from 'semantic-ui-react';
import {
  EmptyState,
  ListState,
  PageHeader,
  PageSection,
  RouteLink,
  formatDate,
  routeId,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { classGradebook, exportGradebook, type Gradebook } from './grading-api';
import './grading.css';

function GradebookTable({ book, navigate }: { book: Gradebook; navigate: ScreenProps['navigate'] }) {
  if (book.students.length === 0) return <EmptyState>班级还没有学生</EmptyState>;
  if (book.exams.length === 0) return <EmptyState>班级还没有考试</EmptyState>;
  return (
    <div className="rc-gradebook-scroll">
      <Table compact celled unstackable className="rc-gradebook">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell className="rc-gradebook-student">学生</Table.HeaderCell>
            {book.exams.map((exam) => (
              <Table.HeaderCell key={exam.examId} textAlign="right" data-exam={exam.examId}>
                <RouteLink to={`/account/grades/grading/${exam.examId}`} navigate={navigate}>
                  {exam.title}
                </RouteLink>
                <div className="rc-muted rc-gradebook-exam-note">
                  {formatDate(exam.opensAt)} · 满分 {exam.totalPoints}
                </div>
              </Table.HeaderCell>
            ))}
            <Table.HeaderCell textAlign="right">合计</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {book.students.map((student) => (
            <Table.Row key={student.userId} data-student={student.userId}>
              <Table.Cell className="rc-gradebook-student">
                {student.nickname}
                {student.remark ? <span className="rc-muted"> · {student.remark}</span> : null}
              </Table.Cell>
              {student.scores.map((score, index) => (
                <Table.Cell key={book.exams[index]!.examId} textAlign="right" className={score === null ? 'rc-muted' : undefined}>
                  {score ?? '未参加'}
                </Table.Cell>
              ))}
              <Table.Cell textAlign="right" className="rc-gradebook-total">
                {student.total}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

/** `/account/grades/gradebook/:id`: class :id's students × its exams, the best score of each, with the file exports. */
export function GradebookPage({ navigate }: ScreenProps) {
  const gradeId = routeId();
  const source = useLoaded(useCallback(() => classGradebook(gradeId ?? 0), [gradeId]));
  if (gradeId === null)
    return (
      <PageSection className="rc-gradebook-page">
        <PageHeader />
        <EmptyState>
          <p>请从我教的班级选择要查看成绩册的班级</p>
          <Button primary content="我教的班级" onClick={() => navigate('/account/grades/teacher')} />
        </EmptyState>
      </PageSection>
    );
  return (
    <PageSection className="rc-gradebook-page">
      <ListState source={source} isEmpty={() => false} empty={null}>
        {(book) => (
          <>
            <PageHeader subject={book.gradeName}>
              <Button.Group basic size="small" className="rc-score-export">
                <Button icon="download" content="导出 CSV" onClick={() => exportGradebook(book.gradeId, 'csv')} />
                <Button content="导出 Excel" onClick={() => exportGradebook(book.gradeId, 'xlsx')} />
              </Button.Group>
            </PageHeader>
            <p className="rc-muted">每名学生在各场考试中已交答卷的最高分；合计为各场最高分之和。</p>
            <GradebookTable book={book} navigate={navigate} />
          </>
        )}
      </ListState>
    </PageSection>
  );
}
