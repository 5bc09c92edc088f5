import { useCallback, useState } from 'react';
import { Button, Form, Icon, Label, List, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatSize,
  formatYuan,
  ListState,
  MarkdownHtml,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  useLoaded,
  usePagedList,
  useSubmit,
  type ScreenProps,
  ModalDialog,
} from '@rc/shared-utility';
import { formatDuration } from '../teach/teach-api';
import { approveCourse, courseUnderReview, coursesToReview, rejectCourse, type ReviewCourseItem } from './review-api';
import '../teach/teach.css';

const kindNames = { video: '视频', document: '图文', lab: '实验' } as const;

function RejectForm({ course, close }: { course: ReviewCourseItem; close: (changed: boolean) => void }) {
  const [reason, setReason] = useState('');
  const { busy, errors, submit } = useSubmit<'reason'>();
  return (
    <Form>
      <Form.TextArea
        label="驳回原因（将通知讲师）"
        name="reason"
        value={reason}
        maxLength={200}
        error={errors.reason}
        onChange={(_, data) => setReason(String(data.value ?? ''))}
      />
      <Button
        negative
        loading={busy}
        disabled={busy}
        content="确认驳回"
        onClick={() =>
          void submit({
            check: () => ({ reason: reason.trim() ? undefined : '请填写驳回原因' }),
            call: () => rejectCourse(course.id, reason.trim()),
            then: () => close(true),
          })
        }
      />
    </Form>
  );
}

/** One course as the operator reviews it: introduction, outline with each video's length, accessories; 通过 or 驳回. */
function ReviewDialog({ item, close }: { item: ReviewCourseItem; close: (changed: boolean) => void }) {
  const course = useLoaded(useCallback(() => courseUnderReview(item.id), [item.id]));
  const [rejecting, setRejecting] = useState(false);
  const waiting = item.status === 2;
  return (
    <ModalDialog
      title={<>审核课程「{item.courseName}」</>}
      size="large"
      close={() => close(false)}
      className="rc-course-review-dialog"
      scrolling
      actions={
        <>
          <Button content="关闭" onClick={() => close(false)} />
          {waiting && !rejecting ? <Button negative basic content="驳回" onClick={() => setRejecting(true)} /> : null}
          {waiting ? (
            <Button positive content="通过" onClick={() => void runAction(() => approveCourse(item.id), { then: () => close(true) })} />
          ) : null}
        </>
      }
    >
      <ListState source={course} isEmpty={() => false} empty={null}>
        {(view) => (
          <>
            <p>
              讲师：{view.teacherName} · 分类：{view.categoryName || '未分类'} · {view.isFree ? '免费' : formatYuan(view.price)}
              {view.noSkip ? ' · 禁止拖动进度' : ''}
            </p>
            {view.coverUrl ? <img className="rc-review-cover" src={view.coverUrl} alt="课程封面" /> : null}
            {view.summary ? <p className="rc-muted">{view.summary}</p> : null}
            <h4>课程介绍</h4>
            {view.introHtml ? <MarkdownHtml html={view.introHtml} /> : <p className="rc-muted">（未填写）</p>}
            <h4>章节与课时</h4>
            {view.chapters.map((chapter, index) => (
              <div key={chapter.id} className="rc-review-chapter">
                <strong>
                  第 {index + 1} 章 {chapter.title}
                </strong>
                <List divided relaxed>
                  {chapter.periods.map((period) => (
                    <List.Item key={period.id} data-period={period.id}>
                      <Label size="mini" basic content={kindNames[period.kind]} /> {period.title}
                      {period.isPreview ? <Label size="mini" color="teal" content="试看" /> : null}
                      <span className="rc-muted">
                        {' '}
                        {period.kind === 'video'
                          ? period.videoId
                            ? `${period.videoTitle}（${formatDuration(period.durationSeconds)}）`
                            : '未关联视频'
                          : period.kind === 'lab'
                            ? `镜像：${period.labImageName}`
                            : ''}
                      </span>
                      {period.kind === 'document' ? (
                        <details>
                          <summary>查看图文</summary>
                          <MarkdownHtml html={period.documentHtml} />
                        </details>
                      ) : null}
                    </List.Item>
                  ))}
                </List>
              </div>
            ))}
            {view.accessories.length > 0 ? (
              <>
                <h4>附件</h4>
                {view.accessories.map((accessory) => (
                  <div key={accessory.id}>
                    <Icon name="attach" />
                    {accessory.fileName}（{formatSize(accessory.size)}）
                  </div>
                ))}
              </>
            ) : null}
            {rejecting ? <RejectForm course={item} close={close} /> : null}
          </>
        )}
      </ListState>
    </ModalDialog>
  );
}

/** `/account/review/course` (课程审核, operators): courses waiting for review, oldest first; open one, approve or reject with a reason. */
export function CourseReviewPage(_: ScreenProps) {
  const list = usePagedList(useCallback(coursesToReview, []));
  const [open, setOpen] = useState<ReviewCourseItem | null>(null);
  return (
    <PageSection className="rc-course-review">
      <PageHeader />
      <PagedTable
        list={list}
        columns={['课程', '讲师', '分类', '价格', '课时', '提交时间', '操作']}
        empty="没有待审核的课程"
        row={(item) => (
          <Table.Row key={item.id} data-course={item.id}>
            <Table.Cell>{item.courseName}</Table.Cell>
            <Table.Cell>{item.teacherName}</Table.Cell>
            <Table.Cell>{item.categoryName}</Table.Cell>
            <Table.Cell collapsing>{item.isFree ? '免费' : formatYuan(item.price)}</Table.Cell>
            <Table.Cell collapsing>{item.periodCount}</Table.Cell>
            <Table.Cell collapsing>{formatDateTime(item.submittedAt)}</Table.Cell>
            <Table.Cell collapsing>
              <Button size="mini" primary content="审核" onClick={() => setOpen(item)} />
            </Table.Cell>
          </Table.Row>
        )}
      />
      {open ? (
        <ReviewDialog
          item={open}
          close={(changed) => {
            setOpen(null);
            if (changed) void list.reload();
          }}
        />
      ) : null}
    </PageSection>
  );
}
