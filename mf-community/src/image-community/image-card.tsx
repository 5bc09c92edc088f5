import { Card, Icon, Label } from 'semantic-ui-react';
import type { CommunityImageCard } from './image-community-api';

/** One shared image in the community list: cover, title, tags, CUDA need, stars and uses. */
export function ImageCard({ image, onOpen }: { image: CommunityImageCard; onOpen: () => void }) {
  return (
    <Card className="rc-image-card" data-id={image.id} onClick={onOpen}>
      {image.coverUrl ? (
        <img className="rc-image-cover" src={image.coverUrl} alt="" />
      ) : (
        <div className="rc-image-cover-blank">{image.title}</div>
      )}
      <Card.Content>
        <Card.Header className="rc-image-title">{image.title}</Card.Header>
        <Card.Meta>
          {image.ownerName} · {image.framework}
        </Card.Meta>
        <Card.Description>{image.summary}</Card.Description>
      </Card.Content>
      <Card.Content extra>
        <Label size="tiny" color="teal" className="rc-image-cuda">
          CUDA ≥ {image.cudaVersion}
        </Label>
        {image.tags.map((tag) => (
          <Label key={tag} size="tiny" basic>
            {tag}
          </Label>
        ))}
        <div className="rc-muted">
          <Icon name="star" /> <span className="rc-star-count">{image.starCount}</span> · <Icon name="play" /> {image.useCount} 次使用
        </div>
      </Card.Content>
    </Card>
  );
}
