import { useCallback, useState, type FormEvent } from 'react';
import { Input, Label, Menu } from 'semantic-ui-react';
import {
  bus,
  EmptyState,
  formatDate,
  ListState,
  messages,
  PageHeader,
  PageSection,
  PageSwitcher,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import { HighlightedText } from './highlighted-text';
import { searchBlogs, searchSite, type SearchHit, type SearchHitKind, type SearchResultPage, type SearchType } from './search-api';
import './search.css';

const pageSize = 10;

/** The tabs: spec §2's search types and the kinds each covers (as the server maps them). */
const tabs: readonly { type: SearchType; text: string; kinds: readonly SearchHitKind[] }[] = [
  { type: 1, text: '全部', kinds: ['blog', 'news', 'question', 'course', 'app', 'dataset', 'image', 'live', 'exam'] },
  { type: 6, text: '博客', kinds: ['blog'] },
  { type: 7, text: '问答', kinds: ['question'] },
  { type: 8, text: '资讯', kinds: ['news'] },
  { type: 4, text: '课程', kinds: ['course'] },
  { type: 15, text: '应用', kinds: ['app'] },
  { type: 16, text: '数据集', kinds: ['dataset'] },
  { type: 2, text: '直播', kinds: ['live'] },
  { type: 5, text: '考试', kinds: ['exam'] },
];

const kindNames: Record<SearchHitKind, string> = {
  blog: '博客',
  news: '资讯',
  question: '问答',
  course: '课程',
  app: '应用',
  dataset: '数据集',
  image: '镜像',
  live: '直播',
  exam: '考试',
};

function queryOfUrl(): { keyword: string; type: SearchType } {
  const params = new URLSearchParams(window.location.search);
  const type = Number(params.get('type'));
  return { keyword: (params.get('keyword') ?? '').trim(), type: tabs.find((tab) => tab.type === type)?.type ?? 1 };
}

/** The page's own search box: an empty search is refused with the spec's text for the search page. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const keyword = text.trim();
    if (!keyword) {
      bus.emit('toast', { type: 'warning', message: messages.emptySearchKeyword });
      return;
    }
    onSearch(keyword);
  };
  return (
    <form className="rc-search-form" role="search" onSubmit={submit}>
      <Input
        fluid
        action={{ content: '搜索', primary: true, type: 'submit' }}
        placeholder="搜索博客、问答、资讯、课程、应用与数据集"
        value={text}
        onChange={(_, { value }) => setText(value)}
        aria-label="搜索关键词"
      />
    </form>
  );
}

function HitItem({ hit, words, navigate }: { hit: SearchHit; words: readonly string[]; navigate: (url: string) => void }) {
  const open = (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(hit.url);
  };
  return (
    <li className="rc-search-hit" data-kind={hit.kind}>
      <div className="rc-search-hit-title">
        <Label size="mini" basic>
          {kindNames[hit.kind]}
        </Label>
        <a href={hit.url} onClick={open}>
          <HighlightedText text={hit.title} words={words} />
        </a>
      </div>
      {hit.excerpt ? (
        <p className="rc-search-hit-excerpt">
          <HighlightedText text={hit.excerpt} words={words} />
        </p>
      ) : null}
      <div className="rc-muted">{formatDate(hit.publishedAt)}</div>
    </li>
  );
}

/** Mounted per keyword (and type), so a new search starts on its first page. */
function SearchResults({
  fetchPage,
  navigate,
  emptyText,
  tabsOf,
}: {
  fetchPage: (pageNum: number) => ReturnType<typeof searchSite>;
  navigate: (url: string) => void;
  emptyText: string;
  tabsOf?: (page: SearchResultPage) => React.ReactNode;
}) {
  const [pageNum, setPageNum] = useState(1);
  const loaded = useLoaded(useCallback(() => fetchPage(pageNum), [fetchPage, pageNum]));
  return (
    <>
      {loaded.data && tabsOf ? tabsOf(loaded.data) : null}
      <ListState source={loaded} isEmpty={(page) => page.list.length === 0} empty={emptyText}>
        {(page) => (
          <>
            <p className="rc-muted rc-search-total">{page.approximate ? `找到${page.totalText}结果` : `共找到 ${page.total} 条结果`}</p>
            <ul className="rc-search-hits">
              {page.list.map((hit) => (
                <HitItem key={`${hit.kind}:${hit.refId}`} hit={hit} words={page.words} navigate={navigate} />
              ))}
            </ul>
          </>
        )}
      </ListState>
      <PageSwitcher
        pageNum={pageNum}
        totalPages={Math.max(1, Math.ceil((loaded.data?.reachable ?? 0) / pageSize))}
        setPageNum={setPageNum}
      />
    </>
  );
}

/** `/search?type=&keyword=`: one search over blogs, questions, news, courses, applications, datasets and shared images, tabbed by spec §2's types. */
export function SiteSearchPage({ navigate }: ScreenProps) {
  const { keyword, type } = queryOfUrl();
  const go = (next: { keyword?: string; type?: SearchType }) =>
    navigate(`/search?type=${next.type ?? type}&keyword=${encodeURIComponent(next.keyword ?? keyword)}`);
  const fetchPage = useCallback((pageNum: number) => searchSite({ keyword, type, pageNum, pageSize }), [keyword, type]);
  const countOf = (page: SearchResultPage, kinds: readonly SearchHitKind[]) =>
    page.counts.filter((count) => kinds.includes(count.kind)).reduce((sum, count) => sum + count.count, 0);
  return (
    <PageSection className="rc-search-page">
      <PageHeader />
      <SearchForm key={keyword} initial={keyword} onSearch={(next) => go({ keyword: next })} />
      {keyword ? (
        <SearchResults
          key={`${type}:${keyword}`}
          fetchPage={fetchPage}
          navigate={navigate}
          emptyText={`没有找到与「${keyword}」相关的内容，换个关键词试试`}
          tabsOf={(page) => (
            <Menu secondary pointing className="rc-search-tabs">
              {tabs.map((tab) => (
                <Menu.Item key={tab.type} active={tab.type === type} onClick={() => go({ type: tab.type })} data-type={tab.type}>
                  {tab.text}
                  <span className="rc-search-count">{countOf(page, tab.kinds)}</span>
                </Menu.Item>
              ))}
            </Menu>
          )}
        />
      ) : (
        <EmptyState>{messages.emptySearchKeyword}</EmptyState>
      )}
    </PageSection>
  );
}

/** `/blog/search?keyword=`: the blog-only search. */
export function BlogSearchPage({ navigate }: ScreenProps) {
  const { keyword } = queryOfUrl();
  const fetchPage = useCallback((pageNum: number) => searchBlogs({ keyword, pageNum, pageSize }), [keyword]);
  return (
    <PageSection className="rc-search-page">
      <PageHeader />
      <SearchForm key={keyword} initial={keyword} onSearch={(next) => navigate(`/blog/search?keyword=${encodeURIComponent(next)}`)} />
      {keyword ? (
        <SearchResults key={keyword} fetchPage={fetchPage} navigate={navigate} emptyText={`没有找到与「${keyword}」相关的博客`} />
      ) : (
        <EmptyState>{messages.emptySearchKeyword}</EmptyState>
      )}
    </PageSection>
  );
}
