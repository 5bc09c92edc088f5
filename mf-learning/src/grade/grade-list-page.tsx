import { useCallback, useState, type FormEvent } from 'react';
import { Button, Dropdown, Input } from 'semantic-ui-react';
import { ListState, PageSection, PageSwitcher, usePagedList, type Paging, type ScreenProps } from '@rc/shared-utility';
import { publicGrades } from './grade-api';
import { GradeCardView } from './grade-card';
import './grade.css';

const sortOptions = [
  { key: 1, value: 1, text: '最新' },
  { key: 2, value: 2, text: '人数最多' },
];

/** `/grade`: the public classes, searched by name; 申请加入 opens the class page. */
export function GradeListPage({ navigate }: ScreenProps) {
  const [sort, setSort] = useState<1 | 2>(1);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const fetchPage = useCallback((paging: Paging) => publicGrades({ keyword: keyword || undefined, sort }, paging), [keyword, sort]);
  const paged = usePagedList(fetchPage);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(typed.trim());
    paged.setPageNum(1);
  };
  return (
    <div className="rc-grade-page rc-grade-list">
      <PageSection>
        <div className="rc-grade-toolbar">
          <h2 style={{ margin: 0 }}>班级</h2>
          <Dropdown
            selection
            className="rc-grade-sort"
            aria-label="排序"
            options={sortOptions}
            value={sort}
            onChange={(_, d) => {
              setSort(d.value as 1 | 2);
              paged.setPageNum(1);
            }}
          />
          <form className="rc-grade-search" onSubmit={search}>
            <Input placeholder="搜索班级名称" value={typed} onChange={(_, d) => setTyped(d.value)} aria-label="搜索班级" />
            <Button type="submit" primary content="搜索" />
          </form>
        </div>
        {keyword ? <p className="rc-muted">「{keyword}」的搜索结果</p> : null}
      </PageSection>
      <PageSection>
        <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty={keyword ? '没有找到匹配的班级' : '还没有公开的班级'}>
          {(page) => (
            <div className="rc-grade-grid">
              {page.list.map((grade) => (
                <GradeCardView key={grade.gradeId} grade={grade} navigate={navigate}>
                  <Button
                    size="small"
                    primary
                    className="rc-grade-apply"
                    content="申请加入"
                    onClick={() => navigate(`/grade/view/${grade.gradeId}`)}
                  />
                </GradeCardView>
              ))}
            </div>
          )}
        </ListState>
        <PageSwitcher {...paged} />
      </PageSection>
    </div>
  );
}
