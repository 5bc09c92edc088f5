import { useCallback } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  PageSwitcher,
  runAction,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { deleteCommunityImage, myCommunityImages, unpublishImage, type MyCommunityImage } from './image-community-api';
import { editImage } from './edit-image';
import { clearDraft, stepPaths } from './publish-draft';
import './image-community.css';

const statusColors: Record<number, 'green' | 'grey' | 'yellow' | 'red'> = { 0: 'grey', 1: 'green', 2: 'yellow', 3: 'red' };

/** The tag of `/account/imageCommunity/:tag`, or '' on the list itself. */
function tagOfPath(): string {
  const last = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');
  return last === 'imageCommunity' ? '' : last;
}

/** `/account/imageCommunity` and `/:tag`: the images I shared, with where each stands; edit, unpublish, delete. */
export function MyImagesPage({ navigate }: ScreenProps) {
  const tag = tagOfPath();
  const fetchPage = useCallback((paging: Paging) => myCommunityImages({ ...paging, ...(tag ? { tag } : {}) }), [tag]);
  const images = usePagedList(fetchPage);

  const unpublish = async (image: MyCommunityImage) => {
    if (!(await dialogs.confirm({ title: '下架镜像', content: `下架后「${image.title}」不再在镜像社区展示，可随时重新发布。` }))) return;
    await runAction(() => unpublishImage(image.id), { then: images.reload });
  };
  const remove = async (image: MyCommunityImage) => {
    if (
      !(await dialogs.confirm({ title: '删除分享', content: `删除「${image.title}」的分享及其收藏？私有镜像本身会保留。`, danger: true }))
    )
      return;
    await runAction(() => deleteCommunityImage(image.id), { then: images.reload });
  };

  return (
    <PageSection className="rc-my-images">
      <PageHeader>
        <Button
          primary
          className="rc-add-image"
          onClick={() => {
            clearDraft();
            navigate(stepPaths.pick);
          }}
        >
          发布镜像
        </Button>
      </PageHeader>
      {tag ? (
        <p>
          标签：<Label>{tag}</Label> <a onClick={() => navigate('/account/imageCommunity')}>查看全部</a>
        </p>
      ) : null}
      <ListState
        source={images}
        isEmpty={(page) => page.list.length === 0}
        empty={tag ? '该标签下还没有镜像' : '还没有分享镜像，点击「发布镜像」把私有镜像分享到社区'}
      >
        {(page) => (
          <Table compact className="rc-my-image-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>标题</Table.HeaderCell>
                <Table.HeaderCell>镜像</Table.HeaderCell>
                <Table.HeaderCell>标签</Table.HeaderCell>
                <Table.HeaderCell>状态</Table.HeaderCell>
                <Table.HeaderCell>收藏/使用</Table.HeaderCell>
                <Table.HeaderCell>更新时间</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.list.map((image) => (
                <Table.Row key={image.id} data-id={image.id} data-status={image.status}>
                  <Table.Cell>
                    <a onClick={() => navigate(`/account/imageCommunity/detail?id=${image.id}`)}>{image.title}</a>
                  </Table.Cell>
                  <Table.Cell>{image.imageName}</Table.Cell>
                  <Table.Cell>
                    {image.tags.map((t) => (
                      <Label key={t} size="tiny" as="a" onClick={() => navigate(`/account/imageCommunity/${encodeURIComponent(t)}`)}>
                        {t}
                      </Label>
                    ))}
                  </Table.Cell>
                  <Table.Cell>
                    <Label size="small" color={statusColors[image.status]} className="rc-image-status">
                      {image.statusName}
                    </Label>
                    {image.reviewNote ? <div className="rc-muted">{image.reviewNote}</div> : null}
                  </Table.Cell>
                  <Table.Cell>
                    {image.starCount} / {image.useCount}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(image.gmtModified)}</Table.Cell>
                  <Table.Cell>
                    <Button size="mini" basic onClick={() => void editImage(image.id, navigate)}>
                      {image.status === 0 ? '重新发布' : '编辑'}
                    </Button>
                    {image.status !== 0 ? (
                      <Button size="mini" basic className="rc-unpublish" onClick={() => void unpublish(image)}>
                        下架
                      </Button>
                    ) : null}
                    <Button size="mini" basic color="red" onClick={() => void remove(image)}>
                      删除
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
      <PageSwitcher {...images} />
    </PageSection>
  );
}
