import { useCallback } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { formatDateTime, ListState, PageSwitcher, runAction, usePagedList, type Paging, RouteLink } from '@rc/shared-utility';
import { dropQuestionRecord, recordedQuestions, type QuestionRecordKind } from './account-api';

/** Questions I collected or follow, each with the button that drops it from the list. */
export function QuestionRecords({ kind, navigate }: { kind: QuestionRecordKind; navigate: (url: string) => void }) {
  const fetchPage = useCallback((paging: Paging) => recordedQuestions(kind, paging), [kind]);
  const paged = usePagedList(fetchPage);
  const dropText = kind === 1 ? '取消收藏' : '取消关注';
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty={kind === 1 ? '还没有收藏问题' : '还没有关注问题'}>
        {(page) => (
          <div className="rc-people-list">
            {page.list.map((question) => (
              <div className="rc-person-row" key={question.id}>
                <Icon name="question circle outline" size="large" color="grey" />
                <RouteLink to={`/question/view/${question.id}`} navigate={navigate} className="rc-person-name">
                  {question.title}
                  <small>
                    {question.askerName} · {formatDateTime(question.gmtCreate)} · {question.answerCount} 个回答
                  </small>
                </RouteLink>
                <Button
                  size="mini"
                  basic
                  onClick={() => void runAction(() => dropQuestionRecord(question.id, kind), { then: paged.reload })}
                >
                  {dropText}
                </Button>
              </div>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}
