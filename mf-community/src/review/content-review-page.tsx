import { useState } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type ScreenProps,
  ReasonDialog,
} from '@rc/shared-utility';
import { contentToReview, decideContent, type ReviewItem } from './review-api';

const kindNames: Record<ReviewItem['kind'], string> = { blog: '文章', comment: '评论', question: '问题', answer: '回答', image: '镜像' };

/** `/account/review/content` (内容审核, operators): content held by a sensitive word and reported content; publish, or reject with a reason. */
export function ContentReviewPage({ navigate }: ScreenProps) {
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const list = usePagedList(contentToReview);
  const publish = (item: ReviewItem) =>
    runAction(() => decideContent({ kind: item.kind, refId: item.refId, decision: 'publish' }), { then: () => list.reload() });
  return (
    <PageSection className="rc-content-review">
      <PageHeader />
      <PagedTable
        list={list}
        columns={['类型', '内容', '作者', '状态', '举报原因', '提交时间', '操作']}
        empty="没有待审核的内容"
        row={(item) => (
          <Table.Row key={`${item.kind}:${item.refId}`} data-kind={item.kind} data-ref={item.refId}>
            <Table.Cell collapsing>{kindNames[item.kind]}</Table.Cell>
            <Table.Cell>
              <a
                href={item.url}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(item.url);
                }}
              >
                {item.title || '（无标题）'}
              </a>
              <div className="rc-muted">{item.excerpt}</div>
            </Table.Cell>
            <Table.Cell>{item.authorName}</Table.Cell>
            <Table.Cell collapsing>
              {item.status === 2 ? (
                <Label size="mini" color="orange" content="待审核" title={item.reviewNote} />
              ) : (
                <Label size="mini" color="red" content={`被举报 ${item.reportCount} 次`} />
              )}
              {item.reviewNote ? <div className="rc-muted">{item.reviewNote}</div> : null}
            </Table.Cell>
            <Table.Cell>
              {item.reasons.map((reason, index) => (
                <div key={index}>{reason}</div>
              ))}
            </Table.Cell>
            <Table.Cell collapsing>{formatDateTime(item.gmtCreate)}</Table.Cell>
            <Table.Cell collapsing>
              <Button size="mini" primary onClick={() => void publish(item)}>
                {item.status === 2 ? '通过' : '保留'}
              </Button>
              <Button size="mini" negative basic onClick={() => setRejecting(item)}>
                {item.status === 2 ? '驳回' : '下架'}
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
      {rejecting ? (
        <ReasonDialog
          header={rejecting.status === 1 ? '下架内容' : '驳回内容'}
          label="原因（将通知作者）"
          maxLength={200}
          tooShort="请填写驳回原因"
          confirm={rejecting.status === 1 ? '下架' : '驳回'}
          send={(note) => decideContent({ kind: rejecting.kind, refId: rejecting.refId, decision: 'reject', note })}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        >
          {kindNames[rejecting.kind]}
          {rejecting.title ? `「${rejecting.title}」` : ''}
          {rejecting.status === 1 ? '将被下架，举报成立。' : '将不会公开。'}
        </ReasonDialog>
      ) : null}
    </PageSection>
  );
}
