import { useCallback } from 'react';
import { Button, Label, Message, Statistic } from 'semantic-ui-react';
import { formatDateTime, ListState, MissingState, PageHeader, PageSection, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { viewCommunityImage } from './image-community-api';
import { ImageFacts } from './image-detail-page';
import { editImage } from './edit-image';
import './image-community.css';

const statusNames: Record<number, string> = { 0: '已下架', 1: '已发布', 2: '审核中', 3: '未通过' };

const backToMine = { to: '/account/imageCommunity', label: '返回我的社区镜像' };

/** `/account/imageCommunity/detail?id=`: one of my shared images, its stars, uses and review state. */
export function MyImageDetailPage({ navigate }: ScreenProps) {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  const known = Number.isInteger(id) && id > 0;
  const fetch = useCallback(() => viewCommunityImage(id, true), [id]);
  const loaded = useLoaded(fetch);
  if (!known)
    return (
      <PageSection className="rc-my-image-detail">
        <PageHeader />
        <MissingState kind="bad-link" message="链接里缺少社区镜像编号，请从「我的社区镜像」进入。" back={backToMine} />
      </PageSection>
    );

  return (
    <PageSection className="rc-my-image-detail">
      <PageHeader />
      <ListState source={loaded} isEmpty={() => false} empty="" back={backToMine}>
        {(image) =>
          image.mine ? (
            <>
              <h2>
                {image.title} <Label>{statusNames[image.status]}</Label>
              </h2>
              {image.reviewNote ? <Message warning content={`审核说明：${image.reviewNote}`} /> : null}
              <Statistic.Group size="small">
                <Statistic label="收藏" value={image.starCount} />
                <Statistic label="使用次数" value={image.useCount} />
              </Statistic.Group>
              <p className="rc-muted">最近更新 {formatDateTime(image.gmtModified)}</p>
              <ImageFacts image={image} />
              <div className="rc-wizard-actions">
                <Button onClick={() => void editImage(image.id, navigate)}>编辑</Button>
                {image.status === 1 ? <Button onClick={() => navigate(`/imageCommunity/detail/${image.id}`)}>查看公开页面</Button> : null}
                <Button basic onClick={() => navigate('/account/imageCommunity')}>
                  返回列表
                </Button>
              </div>
            </>
          ) : (
            <MissingState
              kind="not-yours"
              message="这是其他用户分享的镜像，你可以查看它的公开页面。"
              back={{ to: `/imageCommunity/detail/${image.id}`, label: '查看公开页面' }}
            />
          )
        }
      </ListState>
    </PageSection>
  );
}
