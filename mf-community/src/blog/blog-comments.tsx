import { useCallback, useState } from 'react';
import { Button, Form, TextArea } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  ListState,
  PageSection,
  PageSwitcher,
  runAction,
  usePagedList,
  useSubmit,
  type Paging,
  constants,
  useLoggedIn,
  RouteLink,
} from '@rc/shared-utility';
import { deleteComment, listComments, saveComment, type CommentView } from './blog-api';
import { Avatar } from './post-card';

interface Replying {
  parentId: number;
  replyTo: { userId: number; nickname: string };
}

/** A post's comments, threaded one level (replies under the comment they answer), with the box to add one. */
export function BlogComments({
  blogId,
  navigate,
  onCountChange,
}: {
  blogId: number;
  navigate: (url: string) => void;
  onCountChange: (delta: number) => void;
}) {
  const loggedIn = useLoggedIn();
  const fetchPage = useCallback((paging: Paging) => listComments(blogId, paging, loggedIn), [blogId, loggedIn]);
  const paged = usePagedList(fetchPage);
  const [replying, setReplying] = useState<Replying | null>(null);

  const remove = async (comment: CommentView) => {
    const sure = await dialogs.confirm({
      title: '删除评论',
      content: '删除后不可恢复，其下的回复也会一并删除。确定删除？',
      confirmText: '删除',
      danger: true,
    });
    if (sure)
      await runAction(() => deleteComment(comment.id), {
        success: '评论已删除',
        then: () => {
          onCountChange(-1);
          return paged.reload();
        },
      });
  };

  const renderComment = (comment: CommentView, replies?: CommentView[]) => (
    <div className="rc-comment" key={comment.id} data-comment-id={comment.id}>
      <Avatar url={comment.author.avatar} size="mini" />
      <div className="rc-comment-main">
        <div className="rc-comment-head">
          <RouteLink to={`/blog/blogger/${comment.author.userId}`} navigate={navigate}>
            <strong>{comment.author.nickname}</strong>
          </RouteLink>
          {comment.replyTo ? <span>回复 {comment.replyTo.nickname}</span> : null}
          <span>{formatDateTime(comment.gmtCreate)}</span>
        </div>
        <p className="rc-comment-text">{comment.content}</p>
        <div className="rc-comment-tools">
          {loggedIn ? (
            <button
              type="button"
              className="rc-comment-reply"
              onClick={() => setReplying({ parentId: comment.parentId ?? comment.id, replyTo: comment.author })}
            >
              回复
            </button>
          ) : null}
          {comment.canDelete ? (
            <button type="button" className="rc-comment-delete" onClick={() => void remove(comment)}>
              删除
            </button>
          ) : null}
        </div>
        {replying && replying.parentId === comment.id && !comment.parentId ? (
          <CommentBox
            blogId={blogId}
            replying={replying}
            onCancel={() => setReplying(null)}
            onSaved={() => {
              setReplying(null);
              onCountChange(1);
              return paged.reload();
            }}
          />
        ) : null}
        {replies?.length ? <div className="rc-comment-replies">{replies.map((reply) => renderComment(reply))}</div> : null}
      </div>
    </div>
  );

  return (
    <PageSection title="评论" className="rc-blog-comments">
      {loggedIn ? (
        <CommentBox
          blogId={blogId}
          onSaved={() => {
            onCountChange(1);
            paged.setPageNum(1);
            return paged.reload();
          }}
        />
      ) : (
        <p className="rc-comment-box rc-muted">
          <RouteLink to={constants.loginUrl} navigate={navigate}>
            登录
          </RouteLink>
          后参与评论
        </p>
      )}
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty="还没有评论，来说两句吧">
        {(page) => <div className="rc-comment-list">{page.list.map((thread) => renderComment(thread, thread.replies))}</div>}
      </ListState>
      <PageSwitcher {...paged} />
    </PageSection>
  );
}

interface CommentBoxProps {
  blogId: number;
  replying?: Replying;
  onSaved: () => unknown;
  onCancel?: () => void;
}

function CommentBox({ blogId, replying, onSaved, onCancel }: CommentBoxProps) {
  const [content, setContent] = useState('');
  const { busy, submit } = useSubmit();
  const send = () =>
    submit({
      call: () =>
        saveComment({
          blogId,
          content: content.trim(),
          ...(replying ? { parentId: replying.parentId, replyToUserId: replying.replyTo.userId } : {}),
        }),
      success: (saved) => (saved.status === 2 ? '评论包含需要审核的内容，审核通过后显示' : '评论成功'),
      then: () => {
        setContent('');
        return onSaved();
      },
    });
  return (
    <Form className="rc-comment-box" onSubmit={() => void send()}>
      <TextArea
        className="rc-comment-input"
        rows={replying ? 2 : 3}
        maxLength={2000}
        placeholder={replying ? `回复 ${replying.replyTo.nickname}` : '写下你的评论'}
        value={content}
        onChange={(_, data) => setContent(String(data.value ?? ''))}
      />
      <div className="rc-comment-tools rc-comment-box-actions">
        <Button primary size="small" type="submit" className="rc-comment-send" loading={busy} disabled={busy || !content.trim()}>
          {replying ? '回复' : '发表评论'}
        </Button>
        {onCancel ? (
          <Button basic size="small" type="button" onClick={onCancel}>
            取消
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
