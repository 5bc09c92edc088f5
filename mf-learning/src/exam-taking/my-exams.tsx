import { useCallback, useState } from 'react';
import { Menu } from 'semantic-ui-react';
import { usePagedList, type Paging } from '@rc/shared-utility';
import { ExamList, stateNames, type Navigate } from './exam-list';
import { myExams, type ExamState } from './exam-taking-api';
import './exam-taking.css';

const filters: Array<ExamState | undefined> = [undefined, 'open', 'upcoming', 'closed', 'published'];

/** My exams across my classes, with what to do next (/account/grades/my). */
export function MyExams({ navigate }: { navigate: Navigate }) {
  const [state, setState] = useState<ExamState | undefined>(undefined);
  const fetchPage = useCallback((paging: Paging) => myExams(state, paging), [state]);
  const list = usePagedList(fetchPage);
  return (
    <div className="rc-my-exams">
      <Menu secondary pointing size="small">
        {filters.map((filter) => (
          <Menu.Item key={filter ?? 'all'} active={state === filter} onClick={() => setState(filter)}>
            {filter ? stateNames[filter] : '全部考试'}
          </Menu.Item>
        ))}
      </Menu>
      <ExamList list={list} navigate={navigate} showGrade empty={state ? `没有${stateNames[state]}的考试` : '还没有考试'} />
    </div>
  );
}
