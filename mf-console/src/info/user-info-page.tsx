import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Label, Table } from 'semantic-ui-react';
import {
  $balance,
  $priceCalc,
  $userInfo,
  formatDate,
  formatYuan,
  PageHeader,
  PageSection,
  refreshUserInfo,
  type UserInfo,
  type ScreenProps,
} from '@rc/shared-utility';

const userTypes: Record<UserInfo['userType'], string> = { 1: '个人用户', 2: '教师', 3: '组织' };

/** `/account/info`: the account's profile as the server knows it. */
export function UserInfoPage({ navigate }: ScreenProps) {
  const userInfo = useStore($userInfo);
  const balance = useStore($balance);
  const priceCalc = useStore($priceCalc);

  useEffect(() => {
    void refreshUserInfo();
  }, []);

  if (!userInfo) return null;
  const verified = userInfo.idCardCheckStatus === 1;
  const rows: [string, ReactNode][] = [
    ['昵称', userInfo.nickname],
    ['手机号', userInfo.mobile],
    ['账号类型', userTypes[userInfo.userType] ?? '个人用户'],
    [
      '实名认证',
      <Label key="auth" size="small" color={verified ? 'green' : 'orange'}>
        {verified ? '已实名' : '未实名'}
      </Label>,
    ],
    ['账户余额', formatYuan(balance, priceCalc)],
    ['推荐码', userInfo.referralCode || '—'],
    ['会员到期', formatDate(userInfo.expireTime)],
  ];

  return (
    <PageSection className="rc-user-info">
      <PageHeader>
        <Button basic onClick={() => navigate('/account/reset')}>
          修改密码
        </Button>
      </PageHeader>
      <Table definition className="rc-user-info-table">
        <Table.Body>
          {rows.map(([label, value]) => (
            <Table.Row key={label}>
              <Table.Cell width={3}>{label}</Table.Cell>
              <Table.Cell>{value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </PageSection>
  );
}
