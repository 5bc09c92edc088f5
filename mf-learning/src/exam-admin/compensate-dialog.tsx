import { useCallback, useState } from 'react';
import { Button, Form, List } from 'semantic-ui-react';
import { formatDateTime, IntegerInput, runAction, useLoaded, useSubmit, ModalDialog } from '@rc/shared-utility';
import { fromLocalInput, toLocalInput } from '../live/live-times';
import { classExaminees, compensate, examStudentIds, memberName, type ExamAdminItem } from './exam-admin-api';
import { StudentPicker } from './student-picker';

type Field = 'userIds' | 'opensAt' | 'closesAt';
const HOUR = 3_600_000;

/** 补考: chosen members get a window of their own with extra attempts, even after the exam closed; it can be withdrawn. */
export function CompensateDialog({ gradeId, exam, close }: { gradeId: number; exam: ExamAdminItem; close: (changed: boolean) => void }) {
  const members = useLoaded(useCallback(() => classExaminees(gradeId), [gradeId]));
  const standing = useLoaded(useCallback(() => examStudentIds(exam.examId), [exam.examId]));
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  const [userIds, setUserIds] = useState<number[]>([]);
  const [opensAt, setOpensAt] = useState(toLocalInput(new Date(start).toISOString()));
  const [closesAt, setClosesAt] = useState(toLocalInput(new Date(start + 24 * HOUR).toISOString()));
  const [extraAttempts, setExtraAttempts] = useState(1);
  const { busy, errors, submit } = useSubmit<Field>();
  const nameOf = (userId: number) => {
    const member = members.data?.list.find((candidate) => candidate.userId === userId);
    return member ? memberName(member) : `用户 ${userId}`;
  };

  const grant = () =>
    submit({
      check: () => {
        const opens = fromLocalInput(opensAt);
        const closes = fromLocalInput(closesAt);
        return {
          userIds: userIds.length === 0 ? '请选择补考的学生' : undefined,
          opensAt: opens ? undefined : '请选择补考开始时间',
          closesAt: !closes ? '请选择补考结束时间' : opens && closes <= opens ? '结束时间须晚于开始时间' : undefined,
        };
      },
      call: () =>
        compensate({ examId: exam.examId, userIds, opensAt: fromLocalInput(opensAt)!, closesAt: fromLocalInput(closesAt)!, extraAttempts }),
      then: () => close(true),
    });
  const withdraw = (userId: number) =>
    runAction(() => compensate({ examId: exam.examId, userIds: [userId], clear: true }), { then: () => standing.reload() });

  const granted = standing.data?.compensations ?? [];
  return (
    <ModalDialog
      title={<>补考 ·「{exam.title}」</>}
      size="small"
      close={() => close(false)}
      className="rc-compensate-dialog"
      actions={
        <>
          <Button content="关闭" onClick={() => close(false)} />
          <Button primary loading={busy} disabled={busy} content="安排补考" onClick={() => void grant()} />
        </>
      }
    >
      {granted.length > 0 ? (
        <>
          <strong>已安排的补考</strong>
          <List divided>
            {granted.map((entry) => (
              <List.Item key={entry.userId} data-compensation={entry.userId}>
                <List.Content floated="right">
                  <Button size="mini" basic negative content="取消补考" onClick={() => void withdraw(entry.userId)} />
                </List.Content>
                <List.Content>
                  {nameOf(entry.userId)}：{formatDateTime(entry.opensAt)} 至 {formatDateTime(entry.closesAt)}，可再作答{' '}
                  {entry.extraAttempts} 次
                </List.Content>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
      <Form onSubmit={(event) => event.preventDefault()}>
        <StudentPicker
          ariaLabel="补考学生"
          placeholder={members.error ? '成员加载失败' : members.data?.list.length === 0 ? '班级还没有成员' : '选择补考的学生'}
          loading={members.data === undefined && !members.error}
          students={(members.data?.list ?? []).map((member) => ({ userId: member.userId, text: memberName(member) }))}
          value={userIds}
          onChange={setUserIds}
          error={errors.userIds}
        />
        <Form.Group widths="equal">
          <Form.Input
            label="补考开始"
            type="datetime-local"
            value={opensAt}
            error={errors.opensAt}
            onChange={(_, data) => setOpensAt(data.value)}
          />
          <Form.Input
            label="补考结束"
            type="datetime-local"
            value={closesAt}
            error={errors.closesAt}
            onChange={(_, data) => setClosesAt(data.value)}
          />
        </Form.Group>
        <Form.Field>
          <label htmlFor="compensate-attempts">补考次数（1–5）</label>
          <IntegerInput id="compensate-attempts" value={extraAttempts} min={1} max={5} onChange={setExtraAttempts} />
        </Form.Field>
      </Form>
    </ModalDialog>
  );
}
