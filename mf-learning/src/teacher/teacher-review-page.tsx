import { useState } from 'react';
import { Button, Table } from 'semantic-ui-react';
import { formatDateTime, PageHeader, PageSection, PagedTable, runAction, usePagedList, ReasonDialog } from '@rc/shared-utility';
import { approveTeacher, rejectTeacher, teacherApplicationsToReview, type TeacherReviewItem } from './teacher-api';

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
        <ReasonDialog
          header="驳回讲师申请"
          label="驳回原因"
          maxLength={200}
          minLength={2}
          tooShort="请填写2-200字的驳回原因"
          send={(reviewNote) => rejectTeacher({ id: rejecting.id, reviewNote })}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        >
          驳回 {rejecting.realName}（{rejecting.nickname}）的讲师申请，原因将通知申请人。
        </ReasonDialog>
      ) : null}
    </PageSection>
  );
}
