import { useCallback, useState, type FormEvent } from 'react';
import { Button, Dropdown, Input, Menu } from 'semantic-ui-react';
import { ListState, PageSection, PageSwitcher, useLoaded, usePagedList, type Paging, type ScreenProps } from '@rc/shared-utility';
import { courseCategories, listCourses, type CourseFilter } from './course-api';
import { CourseGrid } from './course-card';
import './course.css';

const priceOptions = [
  { key: 'all', value: 'all', text: '全部价格' },
  { key: 'free', value: 'free', text: '免费' },
  { key: 'paid', value: 'paid', text: '付费' },
];
const sortOptions = [
  { key: 1, value: 1, text: '最新' },
  { key: 2, value: 2, text: '最热' },
];

/** `/resource`: the course catalogue with category tabs, free/paid filter, sort and search. */
export function CourseListPage({ navigate }: ScreenProps) {
  const categories = useLoaded(courseCategories);
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [price, setPrice] = useState<'all' | 'free' | 'paid'>('all');
  const [sort, setSort] = useState<1 | 2>(1);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');

  const filter: CourseFilter = { categoryId, sort, keyword: keyword || undefined, isFree: price === 'all' ? undefined : price === 'free' };
  const filterKey = JSON.stringify(filter);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is compared by its JSON
  const fetchPage = useCallback((paging: Paging) => listCourses(filter, paging), [filterKey]);
  const paged = usePagedList(fetchPage);

  /** A new filter starts again at page 1. */
  const refilter = (change: () => void) => {
    change();
    paged.setPageNum(1);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    refilter(() => setKeyword(typed.trim()));
  };

  return (
    <div className="rc-course-page">
      <PageSection className="rc-course-filters">
        <Menu secondary pointing className="rc-course-categories">
          <Menu.Item name="全部" active={categoryId === undefined} onClick={() => refilter(() => setCategoryId(undefined))} />
          {(categories.data ?? []).map((category) => (
            <Menu.Item
              key={category.id}
              name={category.name}
              active={categoryId === category.id}
              onClick={() => refilter(() => setCategoryId(category.id))}
            />
          ))}
        </Menu>
        <div className="rc-course-toolbar">
          <Dropdown
            selection
            className="rc-course-price-filter"
            aria-label="价格"
            options={priceOptions}
            value={price}
            onChange={(_, d) => refilter(() => setPrice(d.value as typeof price))}
          />
          <Dropdown
            selection
            className="rc-course-sort"
            aria-label="排序"
            options={sortOptions}
            value={sort}
            onChange={(_, d) => refilter(() => setSort(d.value as 1 | 2))}
          />
          <form className="rc-course-search" onSubmit={search}>
            <Input placeholder="搜索课程" value={typed} onChange={(_, d) => setTyped(d.value)} aria-label="搜索课程" />
            <Button type="submit" primary>
              搜索
            </Button>
          </form>
        </div>
        {keyword ? <p className="rc-muted">「{keyword}」的搜索结果（搜索时不按分类与价格筛选）</p> : null}
      </PageSection>
      <PageSection>
        <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty={keyword ? '没有找到相关课程' : '暂无课程'}>
          {(page) => <CourseGrid courses={page.list} navigate={navigate} />}
        </ListState>
        <PageSwitcher {...paged} />
      </PageSection>
    </div>
  );
}
