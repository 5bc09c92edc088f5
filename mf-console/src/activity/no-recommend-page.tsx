import { Button, Icon, Message } from 'semantic-ui-react';
import { $referralCode, PageSection, type ScreenProps } from '@rc/shared-utility';

/** `/noRecommend`: where a referral link with an unknown or disabled code lands; registering without a code still works. */
export function NoRecommendPage({ navigate }: ScreenProps) {
  const code = new URLSearchParams(window.location.search).get('referralCode');
  const registerWithoutCode = () => {
    $referralCode.set(null);
    navigate('/register');
  };
  return (
    <PageSection className="rc-no-recommend">
      <Message warning icon>
        <Icon name="unlink" />
        <Message.Content>
          <Message.Header>推荐链接无效</Message.Header>
          <p>
            {code ? `推荐码「${code}」` : '这个推荐链接'}
            不存在或推荐活动已停用，无法通过它获得推荐关系。你仍可以直接注册算力云账号，注册和使用不受影响。
          </p>
        </Message.Content>
      </Message>
      <Button primary className="rc-register-without-code" onClick={registerWithoutCode}>
        直接注册
      </Button>
      <Button basic onClick={() => navigate('/')}>
        返回首页
      </Button>
    </PageSection>
  );
}
