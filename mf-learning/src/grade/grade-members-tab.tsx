import { useCallback, useState } from 'react';
import { Button, Form, Input, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  PagedTable,
  runAction,
  usePagedList,
  useSubmit,
  type Paging,
  ModalDialog,
  DialogFormActions,
} from '@rc/shared-utility';
import { editRemark, gradeMembers, kickOut, setAdmin, type GradeMember, type GradeView } from './grade-api';

function RemarkDialog({ gradeId, member, close }: { gradeId: number; member: GradeMember; close: (changed: boolean) => void }) {
  const [remark, setRemark] = useState(member.remark ?? '');
  const { busy, submit } = useSubmit();
  return (
    <ModalDialog
      title={<>修改备注：{member.nickname}</>}
      size="tiny"
      close={() => close(false)}
      className="rc-remark-dialog"
      actions={
        <DialogFormActions
          close={() => close(false)}
          submitText="保存"
          busy={busy}
          onSubmit={() => void submit({ call: () => editRemark(gradeId, member.userId, remark.trim()), then: () => close(true) })}
          submitClassName="rc-remark-save"
        />
      }
    >
      <Form>
        <Form.Input label="备注（姓名或学号）" name="remark" value={remark} maxLength={40} onChange={(_, d) => setRemark(d.value)} />
      </Form>
    </ModalDialog>
  );
}

/** The members: remark, join time, admins; the teacher sets admins, the teacher and admins remove students. */
export function GradeMembersTab({ grade }: { grade: GradeView }) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const fetchPage = useCallback((paging: Paging) => gradeMembers(grade.gradeId, paging, keyword || undefined), [grade.gradeId, keyword]);
  const list = usePagedList(fetchPage);
  const [editing, setEditing] = useState<GradeMember | null>(null);
  const isTeacher = grade.myRole === 'teacher';
  const toggleAdmin = (member: GradeMember) =>
    void runAction(() => setAdmin(grade.gradeId, member.userId, !member.isAdmin), { then: () => list.reload() });
  const remove = async (member: GradeMember) => {
    const sure = await dialogs.confirm({
      title: '移出班级',
      content: `将「${member.remark || member.nickname}」移出班级？对方会收到通知。`,
      confirmText: '移出',
      danger: true,
    });
    if (sure) await runAction(() => kickOut(grade.gradeId, member.userId), { then: () => list.reload() });
  };
  return (
    <>
      <form
        className="rc-grade-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          setKeyword(typed.trim());
          list.setPageNum(1);
        }}
      >
        <Input placeholder="搜索昵称或备注" value={typed} onChange={(_, d) => setTyped(d.value)} aria-label="搜索成员" />
        <Button type="submit" content="搜索" />
      </form>
      <PagedTable
        list={list}
        columns={['昵称', '备注', '身份', '入班时间', '操作']}
        empty={keyword ? '没有匹配的成员' : '班级还没有学生，审核入班申请后学生会出现在这里'}
        className="rc-grade-members"
        row={(member) => (
          <Table.Row key={member.userId} data-member={member.userId}>
            <Table.Cell>{member.nickname}</Table.Cell>
            <Table.Cell>{member.remark}</Table.Cell>
            <Table.Cell collapsing>{member.isAdmin ? <Label size="mini" color="blue" content="管理员" /> : '学生'}</Table.Cell>
            <Table.Cell collapsing>{member.joinedAt ? formatDateTime(member.joinedAt) : ''}</Table.Cell>
            <Table.Cell collapsing>
              <Button size="mini" basic content="备注" className="rc-member-remark" onClick={() => setEditing(member)} />
              {isTeacher ? (
                <Button
                  size="mini"
                  basic
                  className="rc-member-admin"
                  content={member.isAdmin ? '取消管理员' : '设为管理员'}
                  onClick={() => toggleAdmin(member)}
                />
              ) : null}
              {isTeacher || !member.isAdmin ? (
                <Button size="mini" basic negative className="rc-member-kick" content="移出班级" onClick={() => void remove(member)} />
              ) : null}
            </Table.Cell>
          </Table.Row>
        )}
      />
      {editing ? (
        <RemarkDialog
          gradeId={grade.gradeId}
          member={editing}
          close={(changed) => {
            setEditing(null);
            if (changed) void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
