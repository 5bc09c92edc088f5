import { useCallback, useState } from 'react';
import { Button, Form, Icon, TextArea } from 'semantic-ui-react';
import { dialogs, formatDateTime, ListState, PageSwitcher, runAction, usePagedList, type Paging } from '@rc/shared-utility';
import { deleteComment, listComments, saveComment, type CourseCommentThread } from './course-api';

interface Props {
  courseId: number;
  signedIn: boolean;
  /** Enrolled learners who have not reviewed yet may leave one scored review. */
  canReview: boolean;
  onChanged: () => void;
}

/** Five stars, the first `score` lit; buttons that set the score when `onRate` is given. */
function Stars({ score, onRate }: { score: number; onRate?: (score: number) => void }) {
  return (
    <span className="rc-stars" role={onRate ? 'radiogroup' : 'img'} aria-label={`${score} 分`}>
      {[1, 2, 3, 4, 5].map((n) =>
        onRate ? (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={n === score}
            aria-label={`${n} 分`}
            className={n <= score ? 'rc-star rc-star-on' : 'rc-star'}
            onClick={() => onRate(n)}
          >
            ★
          </button>
        ) : (
          <span key={n} className={n <= score ? 'rc-star rc-star-on' : 'rc-star'}>
            ★
          </span>
        ),
      )}
    </span>
  );
}

function ReplyForm({ onSend }: { onSend: (content: string) => Promise<boolean> }) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    if (await onSend(content)) setContent('');
    setBusy(false);
  };
  return (
    <Form className="rc-course-reply-form" onSubmit={() => void send()}>
      <TextArea rows={2} placeholder="写下你的回复" value={content} maxLength={1000} onChange={(_, d) => setContent(String(d.value))} />
      <Button size="small" type="submit" disabled={!content.trim() || busy} loading={busy}>
        回复
      </Button>
    </Form>
  );
}

/** 评价: scored reviews of enrolled learners with replies; authors and the course's teacher delete. */
export function CourseComments({ courseId, signedIn, canReview, onChanged }: Props) {
  const fetchPage = useCallback((paging: Paging) => listComments(courseId, paging, signedIn), [courseId, signedIn]);
  const paged = usePagedList(fetchPage);
  const [score, setScore] = useState(5);
  const [content, setContent] = useState('');
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  const changed = async () => {
    await paged.reload();
    onChanged();
  };
  const review = () =>
    runAction(() => saveComment({ courseId, score, content }), {
      then: async () => {
        setContent('');
        await changed();
      },
    });
  const reply = async (parentId: number, text: string) =>
    (
      await runAction(() => saveComment({ courseId, parentId, content: text }), {
        then: async () => {
          setReplyingTo(null);
          await changed();
        },
      })
    ).code === 200;
  const remove = async (comment: CourseCommentThread | CourseCommentThread['replies'][number]) => {
    const sure = await dialogs.confirm({
      title: '删除评论',
      content: comment.parentId === null ? '删除评价后，它的回复一并删除。确定删除？' : '确定删除这条回复？',
      confirmText: '删除',
      danger: true,
    });
    if (sure) await runAction(() => deleteComment(comment.id), { then: changed });
  };

  return (
    <div className="rc-course-comments">
      {canReview ? (
        <Form className="rc-course-review-form" onSubmit={() => void review()}>
          <div className="rc-course-review-score">
            评分：
            <Stars score={score} onRate={setScore} />
          </div>
          <TextArea
            rows={3}
            placeholder="说说你对这门课的评价"
            value={content}
            maxLength={1000}
            onChange={(_, d) => setContent(String(d.value))}
          />
          <Button primary type="submit" disabled={!content.trim()}>
            发表评价
          </Button>
        </Form>
      ) : (
        <p className="rc-muted">
          {signedIn ? '报名或购买课程后可以评价，其他人可以回复评价。' : '登录后可回复评价；报名或购买课程后可以评价。'}
        </p>
      )}
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty="还没有评价">
        {(page) => (
          <ul className="rc-course-comment-list">
            {page.list.map((comment) => (
              <li key={comment.id} className="rc-course-comment" data-comment-id={comment.id}>
                <div className="rc-course-comment-head">
                  <strong>{comment.author.nickname}</strong>
                  <Stars score={comment.score} />
                  <span className="rc-muted">{formatDateTime(comment.gmtCreate)}</span>
                </div>
                <p>{comment.content}</p>
                <div className="rc-course-comment-actions">
                  {signedIn ? (
                    <button
                      type="button"
                      className="rc-course-link-button"
                      onClick={() => setReplyingTo(replyingTo === comment.id ? null : comment.id)}
                    >
                      <Icon name="reply" />
                      回复
                    </button>
                  ) : null}
                  {comment.canDelete ? (
                    <button type="button" className="rc-course-link-button rc-comment-delete" onClick={() => void remove(comment)}>
                      删除
                    </button>
                  ) : null}
                </div>
                {comment.replies.length > 0 ? (
                  <ul className="rc-course-replies">
                    {comment.replies.map((item) => (
                      <li key={item.id} data-comment-id={item.id}>
                        <strong>{item.author.nickname}</strong>
                        {item.isLecturer ? <span className="rc-course-lecturer-tag">讲师</span> : null}：{item.content}
                        <span className="rc-muted"> {formatDateTime(item.gmtCreate)}</span>
                        {item.canDelete ? (
                          <button type="button" className="rc-course-link-button rc-comment-delete" onClick={() => void remove(item)}>
                            删除
                          </button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {replyingTo === comment.id ? <ReplyForm onSend={(text) => reply(comment.id, text)} /> : null}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </div>
  );
}
