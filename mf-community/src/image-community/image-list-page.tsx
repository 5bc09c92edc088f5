import { useCallback, useState } from 'react';
import { Card, Dropdown, Input, Label } from 'semantic-ui-react';
import {
  ListState,
  PageHeader,
  PageSection,
  PageSwitcher,
  useLoaded,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import type { CommunityImageSort } from '@rc/api-contract/community/image-community';
import { ImageCard } from './image-card';
import { listCommunityImages, listImageTags } from './image-community-api';
import './image-community.css';

const sortOptions: Array<{ key: CommunityImageSort; value: CommunityImageSort; text: string }> = [
  { key: 'latest', value: 'latest', text: '最新' },
  { key: 'stars', value: 'stars', text: '最多收藏' },
  { key: 'uses', value: 'uses', text: '最多使用' },
];

/** `/imageCommunity`: shared images, searched by keyword, filtered by tag and sorted. */
export function ImageListPage({ navigate }: ScreenProps) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<CommunityImageSort>('latest');
  const tags = useLoaded(listImageTags);
  const fetchPage = useCallback(
    (paging: Paging) => listCommunityImages({ ...paging, sort, ...(keyword ? { keyword } : {}), ...(tag ? { tag } : {}) }),
    [keyword, tag, sort],
  );
  const images = usePagedList(fetchPage);

  return (
    <PageSection className="rc-image-community">
      <PageHeader />
      <div className="rc-image-filters">
        <Input
          className="rc-image-search"
          placeholder="搜索镜像标题、简介或标签"
          value={typed}
          maxLength={40}
          onChange={(_, data) => setTyped(data.value)}
          onKeyDown={(event: { key: string }) => {
            if (event.key === 'Enter') setKeyword(typed.trim());
          }}
          action={{ content: '搜索', onClick: () => setKeyword(typed.trim()), className: 'rc-image-search-button' }}
        />
        <Dropdown
          selection
          compact
          className="rc-image-sort"
          aria-label="排序"
          options={sortOptions}
          value={sort}
          onChange={(_, data) => setSort(data.value as CommunityImageSort)}
        />
      </div>
      <div className="rc-image-tags">
        <Label as="a" color={tag === '' ? 'blue' : undefined} onClick={() => setTag('')}>
          全部
        </Label>
        {(tags.data ?? []).map((item) => (
          <Label as="a" key={item.tag} data-tag={item.tag} color={tag === item.tag ? 'blue' : undefined} onClick={() => setTag(item.tag)}>
            {item.tag}
            <Label.Detail>{item.count}</Label.Detail>
          </Label>
        ))}
      </div>
      <ListState
        source={images}
        isEmpty={(page) => page.list.length === 0}
        empty={keyword || tag ? '没有找到符合条件的镜像' : '还没有用户分享镜像'}
      >
        {(page) => (
          <Card.Group itemsPerRow={3} stackable className="rc-image-cards">
            {page.list.map((image) => (
              <ImageCard key={image.id} image={image} onOpen={() => navigate(`/imageCommunity/detail/${image.id}`)} />
            ))}
          </Card.Group>
        )}
      </ListState>
      <PageSwitcher {...images} />
    </PageSection>
  );
}
