import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dropdown, Form, Input } from 'semantic-ui-react';
import {
  debounce,
  dialogs,
  FieldError,
  formatYuan,
  PageHeader,
  PageSection,
  useSubmit,
  type FieldErrors,
  type ScreenProps,
} from '@rc/shared-utility';
import { MarkdownEditor } from './markdown-editor';
import {
  askQuestion,
  listLabels,
  loadOwnQuestion,
  realtimeBalance,
  similarQuestions,
  updateQuestion,
  type LabelView,
  type SimilarQuestion,
} from './question-api';
import './question.css';

type Field = 'title' | 'contentMd' | 'bounty';

const editingId = () => Number(new URLSearchParams(window.location.search).get('id')) || 0;

function check(title: string, contentMd: string, bounty: number | null, balance: number | null): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const titleLength = Array.from(title.trim()).length;
  const bodyLength = Array.from(contentMd.trim()).length;
  if (titleLength < 5 || titleLength > 100) errors.title = '标题需为5-100个字';
  if (bodyLength < 10 || bodyLength > 20_000) errors.contentMd = '问题描述需为10-20000个字';
  if (bounty !== null) {
    if (!Number.isInteger(bounty) || bounty < 1 || bounty > 500) errors.bounty = '悬赏金额需为1-500的整数元';
    else if (balance !== null && bounty * 1000 > balance) errors.bounty = '余额不足，请先充值或降低悬赏金额';
  }
  return errors;
}

/** The titles of published questions like the one being typed, asked 500 ms after typing stops. */
function useSimilarQuestions(title: string) {
  const [similar, setSimilar] = useState<SimilarQuestion[]>([]);
  const lookUp = useMemo(
    () =>
      debounce((text: string) => {
        if (Array.from(text.trim()).length < 2) return setSimilar([]);
        void similarQuestions(text).then((answer) => answer.code === 200 && setSimilar(answer.data));
      }, 500),
    [],
  );
  useEffect(() => lookUp(title), [title, lookUp]);
  return similar;
}

/** `/question/account/write`: ask (or, with ?id=, edit my question), with similar questions while typing and an optional bounty. */
export function QuestionWritePage({ navigate }: ScreenProps) {
  const id = editingId();
  const [title, setTitle] = useState('');
  const [contentMd, setContentMd] = useState('');
  const [labelNos, setLabelNos] = useState<number[]>([]);
  const [withBounty, setWithBounty] = useState(false);
  const [bountyText, setBountyText] = useState('10');
  const [heldBounty, setHeldBounty] = useState(0);
  const [labels, setLabels] = useState<LabelView[]>([]);
  const [balance, setBalance] = useState<number | null>(null);
  const similar = useSimilarQuestions(title);
  const { busy, errors, submit } = useSubmit<Field>();

  useEffect(() => {
    void listLabels().then((answer) => answer.code === 200 && setLabels(answer.data));
    void realtimeBalance().then((answer) => answer.code === 200 && setBalance(answer.data.balance));
    if (id)
      void loadOwnQuestion(id).then((answer) => {
        if (answer.code !== 200) return;
        setTitle(answer.data.title);
        setContentMd(answer.data.contentMd);
        setLabelNos(answer.data.labels.map((label) => label.labelNo));
        setHeldBounty(answer.data.bountyState === 0 ? 0 : answer.data.bounty);
      });
  }, [id]);

  const bounty = withBounty && heldBounty === 0 ? Number(bountyText) : null;
  const save = async () => {
    if (bounty !== null && !check(title, contentMd, bounty, balance).bounty) {
      const sure = await dialogs.confirm({
        title: '确认悬赏',
        content: `提交后将从余额托管 ${formatYuan(bounty * 1000)}：采纳回答时发放给回答者，7天内未采纳则退回余额。`,
        confirmText: '确认提交',
      });
      if (!sure) return;
    }
    const body = { title, contentMd, labelNos, ...(bounty !== null ? { bounty } : {}) };
    await submit({
      check: () => check(title, contentMd, bounty, balance),
      call: () => (id ? updateQuestion({ id, ...body }) : askQuestion(body)),
      then: (saved) => navigate(`/question/view/${saved.id}`),
    });
  };

  return (
    <div className="rc-question-write">
      <PageSection>
        <PageHeader subject={id ? '修改问题' : undefined} />
        <Form onSubmit={() => void save()}>
          <Form.Field error={Boolean(errors.title)}>
            <label htmlFor="question-title">标题</label>
            <Input
              id="question-title"
              value={title}
              maxLength={100}
              placeholder="一句话说清你的问题（5-100个字）"
              onChange={(_, data) => setTitle(String(data.value))}
            />
            <FieldError message={errors.title} />
            {similar.length > 0 ? (
              <div className="rc-similar-questions" aria-label="相似问题">
                <div>相似问题：</div>
                <ul>
                  {similar.map((question) => (
                    <li key={question.id}>
                      <a href={`/question/view/${question.id}`} target="_blank" rel="noreferrer">
                        {question.title}
                      </a>{' '}
                      （{question.answerCount} 回答{question.accepted ? '，已采纳' : ''}）
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Form.Field>
          <Form.Field error={Boolean(errors.contentMd)}>
            <label>问题描述</label>
            <MarkdownEditor
              label="问题描述"
              value={contentMd}
              onChange={setContentMd}
              placeholder="描述问题的背景、现象与已尝试的方法，支持 Markdown（10-20000个字）"
            />
            <FieldError message={errors.contentMd} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="question-labels">标签</label>
            <Dropdown
              id="question-labels"
              multiple
              selection
              search
              placeholder="最多5个标签"
              value={labelNos}
              options={labels.map((label) => ({ key: label.labelNo, value: label.labelNo, text: label.labelName }))}
              onChange={(_, data) => setLabelNos((data.value as number[]).slice(0, 5))}
            />
          </Form.Field>
          <Form.Field error={Boolean(errors.bounty)}>
            <label>悬赏</label>
            {heldBounty > 0 ? (
              <p className="rc-bounty-note">本问题已悬赏 {formatYuan(heldBounty)}，悬赏一经托管不能修改。</p>
            ) : (
              <>
                <Checkbox
                  label="悬赏提问（从余额托管，采纳回答时发放）"
                  checked={withBounty}
                  onChange={(_, data) => setWithBounty(Boolean(data.checked))}
                />
                {withBounty ? (
                  <Input
                    aria-label="悬赏金额"
                    label={{ basic: true, content: '元' }}
                    labelPosition="right"
                    value={bountyText}
                    onChange={(_, data) => setBountyText(String(data.value))}
                    style={{ display: 'flex', maxWidth: 200, marginTop: 8 }}
                  />
                ) : null}
                <p className="rc-bounty-note">
                  账户余额：{balance === null ? '—' : formatYuan(balance)}
                  {bounty !== null && Number.isInteger(bounty) && bounty > 0
                    ? `，提交后托管 ${formatYuan(bounty * 1000)}（1-500元，7天内未采纳退回）`
                    : ''}
                </p>
              </>
            )}
            <FieldError message={errors.bounty} />
          </Form.Field>
          <Button primary type="submit" loading={busy} disabled={busy}>
            {id ? '保存修改' : '发布问题'}
          </Button>
          <Button type="button" basic onClick={() => navigate(id ? `/question/view/${id}` : '/question')}>
            取消
          </Button>
        </Form>
      </PageSection>
    </div>
  );
}
