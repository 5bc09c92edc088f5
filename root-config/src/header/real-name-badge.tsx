import { useStore } from '@nanostores/react';
import { Label } from 'semantic-ui-react';
import { $idCardCheckStatus } from '@rc/shared-utility';
import { Link } from '../shell/link';

export function RealNameBadge() {
  const verified = useStore($idCardCheckStatus) === 1;
  return (
    <Link to="/account/realAuth" className="rc-real-name" data-verified={verified}>
      <Label size="mini" color={verified ? 'green' : 'orange'}>
        {verified ? '已实名' : '未实名'}
      </Label>
    </Link>
  );
}
