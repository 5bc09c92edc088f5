import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Label, Menu } from 'semantic-ui-react';
import {
  $isLoggedIn,
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  PageSwitcher,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { listLabels, listQuestions, type LabelView, type QuestionItem, type QuestionTab } from './question-api';
import { BountyBadge, QuestionLabels } from './question-badges';
import './question.css';

const tabs: Array<[QuestionTab, string]> = [
  [1, '最新'],
  [3, '热门'],
  [4, '待回答'],
  [5, '悬赏'],
];

function QuestionRow({ question, open }: { question: QuestionItem; open: () => void }) {
  return (
    <li className="rc-question-row">
      <div className="rc-question-counts">
        <strong>{question.answerCount}</strong>
        <span>回答</span>
      </div>
      <div className="rc-question-main">
        <a
          className="rc-question-title"
          href={`/question/view/${question.id}`}
          onClick={(event) => {
            event.preventDefault();
            open();
          }}
        >
          {question.title}
        </a>
        <BountyBadge bounty={question.bounty} bountyState={question.bountyState} />
        {question.accepted ? (
          <Label size="mini" color="green">
            已采纳
          </Label>
        ) : null}
        <p className="rc-question-summary">{question.summary}</p>
        <div className="rc-question-meta">
          <QuestionLabels labels={question.labels} />
          <span>{question.askerName}</span>
          <span>{formatDateTime(question.gmtCreate)}</span>
          <span>{question.viewCount} 浏览</span>
        </div>
      </div>
    </li>
  );
}

/** `/question`: the questions by tab and label, with the ask button. */
export function QuestionListPage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<QuestionTab>(1);
  const [labelNo, setLabelNo] = useState<number | undefined>();
  const [labels, setLabels] = useState<LabelView[]>([]);
  useEffect(() => {
    void listLabels().then((answer) => answer.code === 200 && setLabels(answer.data));
  }, []);
  const fetchPage = useCallback((paging: Paging) => listQuestions({ tab, labelNo }, paging), [tab, labelNo]);
  const list = usePagedList(fetchPage);
  const ask = () => navigate($isLoggedIn.get() ? '/question/account/write' : '/login?t=login');

  return (
    <div className="rc-question-page">
      <PageSection>
        <PageHeader>
          <Button primary onClick={ask}>
            <Icon name="question circle" />
            提问
          </Button>
        </PageHeader>
        <Menu pointing secondary className="rc-question-tabs">
          {tabs.map(([value, name]) => (
            <Menu.Item
              key={value}
              name={name}
              active={tab === value}
              onClick={() => {
                setTab(value);
                list.setPageNum(1);
              }}
            />
          ))}
        </Menu>
        <div className="rc-question-label-filter" aria-label="按标签筛选">
          {[{ labelNo: undefined, labelName: '全部' } as { labelNo: number | undefined; labelName: string }, ...labels].map((label) => (
            <Label
              as="button"
              key={label.labelNo ?? 0}
              color={labelNo === label.labelNo ? 'blue' : undefined}
              onClick={() => {
                setLabelNo(label.labelNo);
                list.setPageNum(1);
              }}
            >
              {label.labelName}
            </Label>
          ))}
        </div>
        <ListState
          source={list}
          isEmpty={(page) => page.list.length === 0}
          empty={tab === 5 ? '暂无悬赏问题' : '暂无问题，来提第一个问题吧'}
        >
          {(page) => (
            <ul className="rc-question-list">
              {page.list.map((question) => (
                <QuestionRow key={question.id} question={question} open={() => navigate(`/question/view/${question.id}`)} />
              ))}
            </ul>
          )}
        </ListState>
        <PageSwitcher {...list} />
      </PageSection>
    </div>
  );
}
