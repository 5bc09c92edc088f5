import { useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { IntegerInput, ModalDialog, useSubmit } from '@rc/shared-utility';
import { StudentPicker } from '../exam-admin/student-picker';
import { grantExtraTime, type ExamStudentRow, type GradingExam } from './grading-api';

/**
 * 延长时间: extra minutes for one student or a group, before or during the exam. A running attempt's countdown
 * follows at once (the server pushes its new deadline); 0 withdraws it.
 */
export function ExtraTimeDialog({
  exam,
  students,
  nameOf,
  close,
}: {
  exam: GradingExam;
  students: ExamStudentRow[];
  nameOf: (student: ExamStudentRow) => string;
  close: (changed: boolean) => void;
}) {
  const [userIds, setUserIds] = useState<number[]>([]);
  const [minutes, setMinutes] = useState(10);
  const { busy, errors, submit } = useSubmit<'userIds'>();
  const grant = () =>
    submit({
      check: () => ({ userIds: userIds.length === 0 ? '请选择要延长时间的学生' : undefined }),
      call: () => grantExtraTime({ examId: exam.examId, userIds, minutes }),
      then: () => close(true),
    });
  return (
    <ModalDialog
      title={<>延长时间 ·「{exam.title}」</>}
      size="small"
      close={() => close(false)}
      className="rc-extra-time-dialog"
      actions={
        <>
          <Button content="取消" onClick={() => close(false)} />
          <Button primary loading={busy} disabled={busy} content="确定延长" className="rc-extra-time-save" onClick={() => void grant()} />
        </>
      }
    >
      <p className="rc-muted">考试前或考试中均可设置；正在作答的学生，倒计时随即更新。填 0 即取消延长。</p>
      <Form onSubmit={(event) => event.preventDefault()}>
        <StudentPicker
          ariaLabel="延长时间的学生"
          className="rc-extra-time-students"
          placeholder="选择一名或多名学生"
          students={students.map((student) => ({
            userId: student.userId,
            text: student.extraMinutes > 0 ? `${nameOf(student)}（已延长 ${student.extraMinutes} 分钟）` : nameOf(student),
          }))}
          value={userIds}
          onChange={setUserIds}
          error={errors.userIds}
        />
        <Form.Field>
          <label htmlFor="extra-time-minutes">延长时间（分钟，0–600）</label>
          <IntegerInput id="extra-time-minutes" value={minutes} min={0} max={600} onChange={setMinutes} />
        </Form.Field>
      </Form>
    </ModalDialog>
  );
}
