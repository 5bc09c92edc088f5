import { useCallback, useState } from 'react';
import { Button, Dropdown, Input, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  MarkdownHtml,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type Paging,
} from '@rc/shared-utility';
import {
  deleteQuestion,
  keySummary,
  kindNames,
  myQuestions,
  questionKinds,
  type QuestionItem,
  type QuestionKind,
} from './question-bank-api';
import { QuestionDialog } from './question-dialog';
import './question-bank.css';

/** `/account/grades/questions` (题库): my questions of every kind, which my classes' exams are set from. */
export function QuestionBankPage() {
  const [kind, setKind] = useState<QuestionKind | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<QuestionItem | null | undefined>(undefined);
  const fetchPage = useCallback((paging: Paging) => myQuestions({ kind, keyword: keyword || undefined }, paging), [kind, keyword]);
  const list = usePagedList(fetchPage);

  const remove = async (question: QuestionItem) => {
    const confirmed = await dialogs.confirm({
      title: '删除题目',
      content: '确定删除这道题？已发布的考试保留各自的副本，不受影响。',
      confirmText: '删除',
      danger: true,
    });
    if (confirmed) await runAction(() => deleteQuestion(question.questionId), { then: () => list.reload() });
  };
  const closeDialog = (changed: boolean) => {
    setEditing(undefined);
    if (changed) void list.reload();
  };

  return (
    <PageSection className="rc-question-bank">
      <PageHeader>
        <Button primary icon="plus" content="新增题目" onClick={() => setEditing(null)} />
      </PageHeader>
      <div className="rc-question-filters">
        <Dropdown
          selection
          aria-label="题型"
          value={kind ?? 0}
          options={[
            { key: 0, value: 0, text: '全部题型' },
            ...questionKinds.map((value) => ({ key: value, value, text: kindNames[value] })),
          ]}
          onChange={(_, data) => setKind((Number(data.value) || undefined) as QuestionKind | undefined)}
        />
        <Input
          action={{ icon: 'search', content: '搜索', onClick: () => setKeyword(typed.trim()) }}
          placeholder="搜索题干"
          value={typed}
          maxLength={50}
          onChange={(_, data) => setTyped(data.value)}
          onKeyDown={(event: { key: string }) => event.key === 'Enter' && setKeyword(typed.trim())}
        />
      </div>
      <PagedTable
        list={list}
        columns={['题型', '题干', '答案', '分值', '难度', '更新时间', '操作']}
        empty={kind || keyword ? '没有符合条件的题目' : '题库还是空的，点击「新增题目」添加第一道题'}
        row={(question) => (
          <Table.Row key={question.questionId} data-question={question.questionId}>
            <Table.Cell collapsing>
              <Label size="small" content={kindNames[question.kind]} />
            </Table.Cell>
            <Table.Cell>
              <MarkdownHtml className="rc-question-stem-cell" html={question.stemHtml} />
              {question.options.length > 0 ? (
                <div className="rc-muted rc-question-options-cell">
                  {question.optionsHtml.map((option, index) => (
                    <span key={index}>
                      {String.fromCharCode(65 + index)}. <MarkdownHtml inline html={option} />
                    </span>
                  ))}
                </div>
              ) : null}
            </Table.Cell>
            <Table.Cell className="rc-question-key">{keySummary(question.kind, question.answerKey)}</Table.Cell>
            <Table.Cell collapsing>{question.points}</Table.Cell>
            <Table.Cell collapsing>{['', '易', '中', '难'][question.difficulty]}</Table.Cell>
            <Table.Cell collapsing>{formatDateTime(question.updatedAt)}</Table.Cell>
            <Table.Cell collapsing>
              <Button size="mini" basic content="编辑" onClick={() => setEditing(question)} />
              <Button size="mini" basic negative content="删除" onClick={() => void remove(question)} />
            </Table.Cell>
          </Table.Row>
        )}
      />
      {editing !== undefined ? <QuestionDialog question={editing} close={closeDialog} /> : null}
    </PageSection>
  );
}
