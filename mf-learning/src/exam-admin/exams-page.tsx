import { useCallback, useState } from 'react';
import { Button, Label, List, Table } from 'semantic-ui-react';
import {
  dialogs,
  EmptyState,
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  PagedTable,
  RouteLink,
  routeId,
  runAction,
  useLoaded,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { CompensateDialog } from './compensate-dialog';
import { deleteExam, gradeExams, myGrades, stateColors, stateNames, type ExamAdminItem, type GradeRef } from './exam-admin-api';
import { ExamFormDialog } from './exam-form-dialog';
import { PaperDialog } from './paper-dialog';
import './exam-admin.css';

type Open = { dialog: 'form'; exam: ExamAdminItem | null } | { dialog: 'compensate' | 'paper'; exam: ExamAdminItem } | null;

const managed = (grade: GradeRef) => grade.role === 'teacher' || grade.role === 'admin';

/** Without a class in the address: the classes I teach or administer, to pick one. */
function GradePicker({ navigate }: ScreenProps) {
  const grades = useLoaded(myGrades);
  return (
    <ListState source={grades} isEmpty={(list) => !list.some(managed)} empty="你还没有任教或管理的班级">
      {(list) => (
        <List divided relaxed className="rc-exam-grade-picker">
          {list.filter(managed).map((grade) => (
            <List.Item key={grade.gradeId}>
              <RouteLink to={`/account/grades/exams/${grade.gradeId}`} navigate={navigate}>
                {grade.gradeName}
              </RouteLink>
              <span className="rc-muted rc-exam-grade-role">
                {grade.role === 'teacher' ? '老师' : '班级管理员'} · {grade.studentCount} 名学生
              </span>
            </List.Item>
          ))}
        </List>
      )}
    </ListState>
  );
}

function GradeExamList({ gradeId, grade, navigate }: { gradeId: number; grade: GradeRef | undefined } & ScreenProps) {
  const fetchPage = useCallback((paging: Paging) => gradeExams(gradeId, paging), [gradeId]);
  const list = usePagedList(fetchPage);
  const [open, setOpen] = useState<Open>(null);
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) void list.reload();
  };
  const remove = async (exam: ExamAdminItem) => {
    const confirmed = await dialogs.confirm({
      title: '删除考试',
      content: `确定删除考试「${exam.title}」？`,
      confirmText: '删除',
      danger: true,
    });
    if (confirmed) await runAction(() => deleteExam(exam.examId), { then: () => list.reload() });
  };

  return (
    <PageSection className="rc-exam-admin">
      <PageHeader subject={grade?.gradeName}>
        <div>
          {grade?.role === 'teacher' ? (
            <Button basic icon="book" content="题库" onClick={() => navigate('/account/grades/questions')} />
          ) : null}
          <Button primary icon="plus" content="新建考试" onClick={() => setOpen({ dialog: 'form', exam: null })} />
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        columns={['考试', '状态', '时间', '时长 / 次数', '总分 / 题数', '应考 / 开始 / 交卷', '待批阅', '操作']}
        empty="这个班级还没有考试，点击「新建考试」发布第一场"
        row={(exam) => (
          <Table.Row key={exam.examId} data-exam={exam.examId}>
            <Table.Cell>
              <strong className="rc-exam-title">{exam.title}</strong>
              <div className="rc-muted">{exam.audience === 1 ? '全班' : '指定学生'}</div>
            </Table.Cell>
            <Table.Cell collapsing>
              <Label size="small" color={stateColors[exam.state]} content={stateNames[exam.state]} />
            </Table.Cell>
            <Table.Cell collapsing>
              {formatDateTime(exam.opensAt)}
              <div>至 {formatDateTime(exam.closesAt)}</div>
            </Table.Cell>
            <Table.Cell collapsing>
              {exam.durationMinutes} 分钟 / {exam.attemptsAllowed} 次
            </Table.Cell>
            <Table.Cell collapsing className="rc-exam-points">
              {exam.totalPoints} 分 / {exam.questionCount} 题
            </Table.Cell>
            <Table.Cell collapsing>
              {exam.audienceCount} / {exam.begunCount} / {exam.submittedCount}
            </Table.Cell>
            <Table.Cell collapsing>{exam.ungradedCount}</Table.Cell>
            <Table.Cell collapsing className="rc-exam-actions">
              <Button size="mini" basic content="试卷" onClick={() => setOpen({ dialog: 'paper', exam })} />
              <Button size="mini" basic content="编辑" onClick={() => setOpen({ dialog: 'form', exam })} />
              <Button size="mini" basic content="补考" onClick={() => setOpen({ dialog: 'compensate', exam })} />
              <Button size="mini" basic color="blue" content="阅卷" onClick={() => navigate(`/account/grades/grading/${exam.examId}`)} />
              {exam.begunCount === 0 ? <Button size="mini" basic negative content="删除" onClick={() => void remove(exam)} /> : null}
            </Table.Cell>
          </Table.Row>
        )}
      />
      {open?.dialog === 'form' ? <ExamFormDialog gradeId={gradeId} exam={open.exam} close={close} /> : null}
      {open?.dialog === 'compensate' ? <CompensateDialog gradeId={gradeId} exam={open.exam} close={close} /> : null}
      {open?.dialog === 'paper' ? <PaperDialog exam={open.exam} close={close} /> : null}
    </PageSection>
  );
}

/** `/account/grades/exams/:id?` (考试管理): the exams of class :id for its teacher and admins. */
export function ExamsPage({ navigate }: ScreenProps) {
  const gradeId = routeId();
  const grades = useLoaded(myGrades);
  if (gradeId === null) {
    return (
      <PageSection className="rc-exam-admin">
        <PageHeader />
        <p>请选择要管理考试的班级：</p>
        <GradePicker navigate={navigate} />
      </PageSection>
    );
  }
  const grade = grades.data?.find((candidate) => candidate.gradeId === gradeId);
  if (grades.data && (!grade || !managed(grade))) {
    return (
      <PageSection className="rc-exam-admin">
        <PageHeader />
        <EmptyState>班级不存在、已解散，或你不是它的老师或管理员</EmptyState>
      </PageSection>
    );
  }
  return <GradeExamList gradeId={gradeId} grade={grade} navigate={navigate} />;
}
