import { useCallback, useState } from 'react';
import { Button, Icon, Label, Table } from 'semantic-ui-react';
import {
  $isLoggedIn,
  formatDateTime,
  formatSize,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  useLoaded,
  type ScreenProps,
  MarkdownHtml,
  routeParam,
} from '@rc/shared-utility';
import { ReportButton } from '../report-button';
import { starImage, viewCommunityImage, type CommunityImageDetail } from './image-community-api';
import './image-community.css';

/** The facts of the image itself, as a table. */
export function ImageFacts({ image }: { image: CommunityImageDetail }) {
  const rows: Array<[string, string]> = [
    ['框架', `${image.framework} ${image.frameworkVersion}`],
    ['Python', image.python],
    ['镜像内 CUDA', image.imageCuda],
    ['所需驱动 CUDA', `≥ ${image.cudaVersion}`],
    ['操作系统', image.os],
    ['镜像大小', formatSize(image.sizeBytes)],
    ['开放端口', image.ports.length ? image.ports.join('、') : '无'],
    ['分享者', image.ownerName],
    ['发布时间', formatDateTime(image.gmtCreate)],
  ];
  return (
    <Table definition compact className="rc-image-facts">
      <Table.Body>
        {rows.map(([label, value]) => (
          <Table.Row key={label}>
            <Table.Cell width={4}>{label}</Table.Cell>
            <Table.Cell>{value}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/** `/imageCommunity/detail/:id`: description, facts, star, and 使用此镜像 into renting. */
export function ImageDetailPage({ navigate }: ScreenProps) {
  const id = Number(routeParam());
  const signedIn = $isLoggedIn.get();
  const fetch = useCallback(() => viewCommunityImage(id, signedIn), [id, signedIn]);
  const loaded = useLoaded(fetch);
  const [star, setStar] = useState<{ starred: boolean; starCount: number } | null>(null);

  const toggleStar = async (image: CommunityImageDetail) => {
    if (!signedIn) return navigate('/login?t=login');
    const starred = !(star?.starred ?? image.starred);
    await runAction(() => starImage(image.id, starred), { success: false, then: setStar });
  };

  return (
    <PageSection className="rc-image-detail">
      <PageHeader />
      <ListState source={loaded} isEmpty={() => false} empty="" back={{ to: '/imageCommunity', label: '返回镜像社区' }}>
        {(image) => (
          <>
            <h2 className="rc-image-title">{image.title}</h2>
            <p className="rc-muted">{image.summary}</p>
            <div>
              {image.tags.map((tag) => (
                <Label key={tag} basic size="small">
                  {tag}
                </Label>
              ))}
            </div>
            <div className="rc-wizard-actions">
              <Button
                color="orange"
                className="rc-use-image"
                onClick={() => navigate(signedIn ? `/account/suanli/create?communityImageId=${image.id}` : '/login?t=login')}
              >
                使用此镜像
              </Button>
              <Button basic className="rc-star-button" active={star?.starred ?? image.starred} onClick={() => void toggleStar(image)}>
                <Icon name={(star?.starred ?? image.starred) ? 'star' : 'star outline'} />
                {(star?.starred ?? image.starred) ? '已收藏' : '收藏'}{' '}
                <span className="rc-star-count">{star?.starCount ?? image.starCount}</span>
              </Button>
              <span className="rc-muted">已被使用 {image.useCount} 次</span>
              {signedIn && !image.mine ? <ReportButton kind="image" refId={image.id} /> : null}
            </div>
            <ImageFacts image={image} />
            <MarkdownHtml html={image.descriptionHtml} className="rc-image-description" />
          </>
        )}
      </ListState>
    </PageSection>
  );
}
