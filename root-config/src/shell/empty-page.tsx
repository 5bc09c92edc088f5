import { Button, Icon } from 'semantic-ui-react';
import { navigate } from '../routing/location';

export function EmptyPage() {
  return (
    <div className="rc-error-page">
      <Icon name="inbox" size="massive" disabled />
      <div>
        <h1 className="rc-error-title">暂无内容</h1>
        <p className="rc-error-tip">这里暂时没有可以显示的内容。</p>
        <Button primary onClick={() => navigate('/')}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
