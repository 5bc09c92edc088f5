import { useState } from 'react';
import { Button, Form, Modal, Table } from 'semantic-ui-react';
import { formatDateTime, PageHeader, PageSection, PagedTable, runAction, usePagedList, useSubmit } from '@rc/shared-utility';
import { approveTeacher, rejectTeacher, teacherApplicationsToReview, type TeacherReviewItem } from './teacher-api';

function RejectDialog({ item, close }: { item: TeacherReviewItem; close: (changed: boolean) => void }) {
  const [note, setNote] = useState('');
  const { busy, errors, submit } = useSubmit<'note'>();
  return (
    <Modal open size="tiny" onClose={() => close(false)}>
      <Modal.Header>驳回讲师申请</Modal.Header>
      <Modal.Content>
        <p>
          驳回 {item.realName}（{item.nickname}）的讲师申请，原因将通知申请人。
        </p>
        <Form>
          <Form.TextArea
            label="驳回原因"
            name="note"
            value={note}
            maxLength={200}
            error={errors.note}
            onChange={(_, data) => setNote(String(data.value ?? ''))}
          />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button content="取消" onClick={() => close(false)} />
        <Button
          negative
          loading={busy}
          disabled={busy}
          content="驳回"
          onClick={() =>
            void submit({
              check: () => ({ note: note.trim().length >= 2 ? undefined : '请填写2-200字的驳回原因' }),
              call: () => rejectTeacher({ id: item.id, reviewNote: note.trim() }),
              then: () => close(true),
            })
          }
        />
      </Modal.Actions>
    </Modal>
  );
}

/** `/account/review/teacher` (讲师审核, operators): applications waiting; approve, or reject with a reason. */
export function TeacherReviewPage() {
  const [rejecting, setRejecting] = useState<TeacherReviewItem | null>(null);
  const list = usePagedList(teacherApplicationsToReview);
  return (
    <PageSection className="rc-teacher-review">
      <PageHeader />
      <PagedTable
        list={list}
        columns={['申请人', '真实姓名', '职称', '擅长领域', '个人简介', '提交时间', '操作']}
        empty="没有待审核的讲师申请"
        row={(item) => (
          <Table.Row key={item.id} data-application={item.id}>
            <Table.Cell collapsing>
              {item.nickname}
              <div className="rc-muted">{item.mobile}</div>
            </Table.Cell>
            <Table.Cell collapsing>{item.realName}</Table.Cell>
            <Table.Cell>{item.title}</Table.Cell>
            <Table.Cell>{item.fields}</Table.Cell>
            <Table.Cell>{item.intro}</Table.Cell>
            <Table.Cell collapsing>{formatDateTime(item.createdAt)}</Table.Cell>
            <Table.Cell collapsing>
              <Button size="mini" primary onClick={() => void runAction(() => approveTeacher(item.id), { then: () => list.reload() })}>
                通过
              </Button>
              <Button size="mini" negative basic onClick={() => setRejecting(item)}>
                驳回
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
      {rejecting ? (
        <RejectDialog
          item={rejecting}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        />
      ) : null}
    </PageSection>
  );
}
