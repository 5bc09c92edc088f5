import { useCallback, useState } from 'react';
import { Button, Form, Icon, Input, Label } from 'semantic-ui-react';
import {
  $isLoggedIn,
  $userInfo,
  dialogs,
  formatDateTime,
  formatYuan,
  ListState,
  PageSection,
  PageSwitcher,
  runAction,
  useLoaded,
  usePagedList,
  useSubmit,
  type Paging,
  type ScreenProps,
  MarkdownHtml,
} from '@rc/shared-utility';
import { MarkdownEditor } from './markdown-editor';
import {
  acceptAnswer,
  deleteAnswer,
  deleteQuestion,
  listAnswers,
  loadQuestion,
  saveAnswer,
  setRecord,
  type AnswerView,
  type MyQuestionView,
  type QuestionView,
} from './question-api';
import { InviteAnswerPanel } from './invite-answer-panel';
import { BountyBadge, pathId, QuestionLabels } from './question-badges';
import './question.css';
import { ReportButton } from '../report-button';

type LoadedQuestion = QuestionView & Partial<MyQuestionView>;

function BountyLine({ question }: { question: LoadedQuestion }) {
  if (question.bountyState === 1 && question.bountyExpiresAt)
    return (
      <p className="rc-bounty-note">
        悬赏 {formatYuan(question.bounty)} 已由平台托管，采纳的回答将获得全部悬赏；{formatDateTime(question.bountyExpiresAt)}{' '}
        前未采纳则退回提问者。
      </p>
    );
  return null;
}

function CommentBox({ questionId, answer, onDone }: { questionId: number; answer: AnswerView; onDone: () => void }) {
  const [text, setText] = useState('');
  const { busy, submit } = useSubmit();
  const send = () =>
    submit({
      call: () => saveAnswer({ questionId, parentId: answer.id, replyToUserId: answer.authorId, contentMd: text }),
      then: () => {
        setText('');
        onDone();
      },
    });
  return (
    <Form className="rc-answer-comment-form" onSubmit={() => void send()}>
      <Input
        size="small"
        fluid
        aria-label="评论"
        placeholder="评论这个回答"
        value={text}
        onChange={(_, data) => setText(String(data.value))}
        action={{ content: '评论', loading: busy, disabled: busy || !text.trim(), type: 'submit' }}
      />
    </Form>
  );
}

function AnswerItem({ question, answer, onChanged }: { question: LoadedQuestion; answer: AnswerView; onChanged: () => void }) {
  const me = $userInfo.get()?.id;
  const [commenting, setCommenting] = useState(false);
  const accept = async () => {
    const bounty = question.bountyState === 1 ? `，悬赏 ${formatYuan(question.bounty)} 将发放给 ${answer.authorName}` : '';
    if (!(await dialogs.confirm({ title: '采纳回答', content: `采纳后不能更改${bounty}。确定采纳？`, confirmText: '采纳' }))) return;
    await runAction(() => acceptAnswer(question.id, answer.id), { then: onChanged });
  };
  const remove = async () => {
    if (
      !(await dialogs.confirm({ title: '删除回答', content: '删除后回答下的评论一并删除。确定删除？', confirmText: '删除', danger: true }))
    )
      return;
    await runAction(() => deleteAnswer(answer.id), { then: onChanged });
  };
  return (
    <li className={answer.accepted ? 'rc-answer accepted' : 'rc-answer'} data-answer-id={answer.id}>
      <div className="rc-answer-head">
        <strong>{answer.authorName}</strong>
        <span>{formatDateTime(answer.gmtCreate)}</span>
        {answer.accepted ? (
          <Label size="small" color="green">
            <Icon name="check" />
            已采纳
          </Label>
        ) : null}
      </div>
      <MarkdownHtml html={answer.contentHtml} />
      <div className="rc-question-actions">
        {question.canAccept && answer.authorId !== me ? (
          <Button size="mini" color="green" onClick={() => void accept()}>
            采纳
          </Button>
        ) : null}
        {$isLoggedIn.get() ? (
          <Button size="mini" basic onClick={() => setCommenting(!commenting)}>
            评论
          </Button>
        ) : null}
        {answer.authorId === me && !answer.accepted ? (
          <Button size="mini" basic onClick={() => void remove()}>
            删除
          </Button>
        ) : null}
      </div>
      {answer.comments.length > 0 || commenting ? (
        <ul className="rc-answer-comments">
          {answer.comments.map((comment) => (
            <li key={comment.id} className="rc-answer-comment">
              <strong>{comment.authorName}</strong>
              {comment.replyToName ? ` 回复 ${comment.replyToName}` : ''}：<MarkdownHtml html={comment.contentHtml} />
              <span className="rc-question-meta"> {formatDateTime(comment.gmtCreate)}</span>
            </li>
          ))}
          {commenting ? <CommentBox questionId={question.id} answer={answer} onDone={onChanged} /> : null}
        </ul>
      ) : null}
    </li>
  );
}

function AnswerEditor({ questionId, onDone }: { questionId: number; onDone: () => void }) {
  const [text, setText] = useState('');
  const { busy, submit } = useSubmit();
  const send = () =>
    submit({
      call: () => saveAnswer({ questionId, contentMd: text }),
      then: () => {
        setText('');
        onDone();
      },
    });
  return (
    <div className="rc-answer-editor">
      <MarkdownEditor label="我的回答" value={text} onChange={setText} placeholder="写下你的回答，支持 Markdown" />
      <Button primary loading={busy} disabled={busy || !text.trim()} onClick={() => void send()} style={{ marginTop: 8 }}>
        提交回答
      </Button>
    </div>
  );
}

/** `/question/view/:id`: the question, its answers with their comments, answering, accepting, collecting and following. */
export function QuestionViewPage({ navigate }: ScreenProps) {
  const id = pathId();
  const fetchQuestion = useCallback(() => loadQuestion(id), [id]);
  const loaded = useLoaded(fetchQuestion);
  const fetchAnswers = useCallback((paging: Paging) => listAnswers(id, paging), [id]);
  const answers = usePagedList(fetchAnswers);
  const refresh = () => {
    void loaded.reload();
    void answers.reload();
  };

  const toggle = async (question: LoadedQuestion, kind: 1 | 2) => {
    const on = !(kind === 1 ? question.collected : question.followed);
    await runAction(() => setRecord(question.id, kind, on), { then: () => loaded.reload() });
  };
  const remove = async (question: LoadedQuestion) => {
    const refund = question.bountyState === 1 ? `托管的悬赏 ${formatYuan(question.bounty)} 将退回余额。` : '';
    if (
      !(await dialogs.confirm({ title: '删除问题', content: `删除后回答一并删除。${refund}确定删除？`, confirmText: '删除', danger: true }))
    )
      return;
    await runAction(() => deleteQuestion(question.id), { then: () => navigate('/question') });
  };

  if (!id) return <PageSection>问题不存在</PageSection>;
  return (
    <div className="rc-question-page">
      <ListState source={loaded} isEmpty={() => false} empty="">
        {(question) => (
          <PageSection className="rc-question-detail">
            <h1>{question.title}</h1>
            <div className="rc-question-meta">
              <BountyBadge bounty={question.bounty} bountyState={question.bountyState} />
              <QuestionLabels labels={question.labels} />
              <span>{question.askerName}</span>
              <span>{formatDateTime(question.gmtCreate)}</span>
              <span>{question.viewCount} 浏览</span>
              <span>{question.answerCount} 回答</span>
              {question.status === 2 ? <Label color="yellow">审核中：{question.reviewNote}</Label> : null}
            </div>
            <BountyLine question={question} />
            {question.invitedBy ? (
              <p className="rc-invited-note" role="note">
                <Icon name="hand point right outline" />
                {question.invitedBy} 邀请你回答
              </p>
            ) : null}
            <MarkdownHtml html={question.contentHtml} />
            {question.mine !== undefined ? (
              <div className="rc-question-actions">
                <Button size="small" basic={!question.collected} color="yellow" onClick={() => void toggle(question, 1)}>
                  <Icon name="star" />
                  {question.collected ? '已收藏' : '收藏'}
                </Button>
                <Button size="small" basic={!question.followed} color="blue" onClick={() => void toggle(question, 2)}>
                  <Icon name="bell" />
                  {question.followed ? '已关注' : '关注'}
                </Button>
                {question.mine ? (
                  <>
                    <Button size="small" basic onClick={() => navigate(`/question/account/write?id=${question.id}`)}>
                      编辑
                    </Button>
                    <Button size="small" basic color="red" onClick={() => void remove(question)}>
                      删除
                    </Button>
                  </>
                ) : (
                  <ReportButton kind="question" refId={question.id} />
                )}
              </div>
            ) : null}
          </PageSection>
        )}
      </ListState>
      {loaded.data?.canInvite ? <InviteAnswerPanel questionId={id} /> : null}
      <PageSection title={`回答（${answers.page.total}）`}>
        <ListState source={answers} isEmpty={(page) => page.list.length === 0} empty="还没有回答">
          {(page) => (
            <ul className="rc-question-list">
              {page.list.map((answer) =>
                loaded.data ? <AnswerItem key={answer.id} question={loaded.data} answer={answer} onChanged={refresh} /> : null,
              )}
            </ul>
          )}
        </ListState>
        <PageSwitcher {...answers} />
      </PageSection>
      {loaded.data && loaded.data.status === 1 ? (
        <PageSection title="我来回答">
          {loaded.data.mine !== undefined ? (
            <AnswerEditor questionId={id} onDone={refresh} />
          ) : (
            <p>
              <a href="/login?t=login" onClick={(event) => (event.preventDefault(), navigate('/login?t=login'))}>
                登录
              </a>
              后回答问题
            </p>
          )}
        </PageSection>
      ) : null}
    </div>
  );
}
