import { Label } from 'semantic-ui-react';
import { formatYuan } from '@rc/shared-utility';
import type { LabelView } from './question-api';

const bountyStates: Record<number, string> = { 1: '悬赏中', 2: '悬赏已发放', 3: '悬赏已退回' };

/** The ¥ badge of a question with a bounty, saying where the money stands. */
export function BountyBadge({ bounty, bountyState }: { bounty: number; bountyState: number }) {
  if (bountyState === 0) return null;
  return (
    <Label size="small" color={bountyState === 1 ? 'orange' : 'grey'} className="rc-bounty-badge" title={bountyStates[bountyState]}>
      {formatYuan(bounty)} {bountyStates[bountyState]}
    </Label>
  );
}

export function QuestionLabels({ labels }: { labels: LabelView[] }) {
  return (
    <span className="rc-question-labels">
      {labels.map((label) => (
        <Label key={label.labelNo} size="mini" basic>
          {label.labelName}
        </Label>
      ))}
    </span>
  );
}

/** The id at the end of the path (`/question/view/12` → 12), or 0. */
export function pathId(): number {
  const id = Number(window.location.pathname.split('/').filter(Boolean).at(-1));
  return Number.isInteger(id) && id > 0 ? id : 0;
}
