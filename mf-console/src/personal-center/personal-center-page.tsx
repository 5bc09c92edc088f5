import { useCallback, useEffect, type MouseEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Icon, Label, type SemanticICONS } from 'semantic-ui-react';
import {
  $balance,
  $userInfo,
  $userMsgNum,
  formatYuan,
  PageHeader,
  PageSection,
  refreshCounters,
  refreshUserInfo,
  useLoaded,
  type ScreenProps,
  type UserInfo,
} from '@rc/shared-utility';
import { subAccountCount } from './personal-center-api';
import { BalanceThresholdForm } from './balance-threshold-form';
import './personal-center.css';

/** The server's user info also names the verified person (masked ID number). */
type Profile = UserInfo & { realName?: string | null; idCard?: string | null };

const userTypeNames: Record<number, string> = { 1: '个人用户', 2: '讲师', 3: '机构用户' };

const links: readonly { icon: SemanticICONS; title: string; text: string; to: string; mainOnly?: boolean }[] = [
  { icon: 'user outline', title: '个人信息', text: '修改昵称与头像', to: '/account/info' },
  { icon: 'id card outline', title: '实名认证', text: '认证后可租用算力与提现', to: '/account/realAuth' },
  { icon: 'images outline', title: '证件认证', text: '上传身份证人像面与国徽面', to: '/account/realAuth/credential' },
  { icon: 'lock', title: '修改密码', text: '通过短信验证码修改登录密码', to: '/account/reset' },
  { icon: 'terminal', title: 'SSH 登录', text: '实例的登录指令与密码', to: '/account/ssh' },
  { icon: 'key', title: 'API 密钥', text: '脚本与命令行调用接口的密钥', to: '/account/apiKey' },
  { icon: 'users', title: '子账号管理', text: '创建子账号，分配余额', to: '/account/childUser', mainOnly: true },
  { icon: 'bell outline', title: '消息通知', text: '系统消息与提醒', to: '/account/message' },
];

/** An in-portal link's click: the route changes without a reload. */
const follow = (navigate: ScreenProps['navigate'], to: string) => (event: MouseEvent) => {
  event.preventDefault();
  navigate(to);
};

function Stat({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rc-stat">
      <div className="rc-stat-label">{label}</div>
      <div className="rc-stat-value">{children}</div>
      {action ? <div className="rc-personal-stat-action">{action}</div> : null}
    </div>
  );
}

function SubAccounts({ navigate }: ScreenProps) {
  const count = useLoaded(useCallback(() => subAccountCount(), []));
  if (count.error !== null) {
    return (
      <Stat label="子账号" action={<Button basic size="mini" className="rc-retry" content="重试" onClick={() => void count.reload()} />}>
        <span className="rc-muted">加载失败</span>
      </Stat>
    );
  }
  return (
    <Stat
      label="子账号"
      action={
        <a href="/account/childUser" onClick={follow(navigate, '/account/childUser')}>
          管理子账号
        </a>
      }
    >
      {count.data === undefined ? '…' : count.data.total}
      <small>个</small>
    </Stat>
  );
}

/** `/account/personal`: who you are, real-name status, balance, unread messages, sub-accounts, and the personal centre's pages. */
export function PersonalCenterPage({ navigate }: ScreenProps) {
  const profile = useStore($userInfo) as Profile | null;
  const balance = useStore($balance);
  const unread = useStore($userMsgNum);
  useEffect(() => {
    void refreshUserInfo();
    void refreshCounters();
  }, []);
  const verified = profile?.idCardCheckStatus === 1;
  const isSubAccount = profile?.parentId != null;
  const go = (to: string) => follow(navigate, to);

  return (
    <div className="rc-personal">
      <PageSection>
        <PageHeader>
          <Button basic size="small" icon="edit outline" content="编辑资料" onClick={() => navigate('/account/info')} />
        </PageHeader>
        <div className="rc-personal-profile">
          {profile?.headImgUrl ? (
            <img className="rc-personal-avatar" src={profile.headImgUrl} alt="头像" />
          ) : (
            <Icon name="user circle" size="huge" color="grey" />
          )}
          <div>
            <div className="rc-personal-name">
              <strong>{profile?.nickname ?? '…'}</strong>
              <Label size="tiny">{isSubAccount ? '子账号' : userTypeNames[profile?.userType ?? 1]}</Label>
              <Label size="tiny" color={verified ? 'green' : 'orange'}>
                {verified ? '已实名' : '未实名'}
              </Label>
            </div>
            <div className="rc-muted">
              手机号 {profile?.mobile ?? '—'}
              {profile?.referralCode ? `\u3000推荐码 ${profile.referralCode}` : ''}
            </div>
          </div>
        </div>
        <div className="rc-stats">
          <Stat
            label="账户余额"
            action={
              <a href="/account/recharge" onClick={go('/account/recharge')}>
                充值
              </a>
            }
          >
            <span className="rc-personal-balance">{formatYuan(balance)}</span>
          </Stat>
          <Stat
            label="未读消息"
            action={
              <a href="/account/message" onClick={go('/account/message')}>
                查看消息
              </a>
            }
          >
            {unread}
            <small>条</small>
          </Stat>
          {isSubAccount ? (
            <Stat label="子账号">
              <span className="rc-muted rc-personal-note">子账号由主账号管理</span>
            </Stat>
          ) : (
            <SubAccounts navigate={navigate} />
          )}
          <Stat
            label="实名认证"
            action={
              verified ? (
                <span className="rc-muted">{[profile?.realName, profile?.idCard].filter(Boolean).join(' ')}</span>
              ) : (
                <a href="/account/realAuth" onClick={go('/account/realAuth')}>
                  去认证
                </a>
              )
            }
          >
            <span className={verified ? 'rc-verified' : 'rc-unverified'}>{verified ? '已实名' : '未实名'}</span>
          </Stat>
        </div>
      </PageSection>
      <PageSection title="余额预警">
        <BalanceThresholdForm />
      </PageSection>
      <PageSection>
        <h2 className="rc-page-title">账户与安全</h2>
        <div className="rc-personal-links">
          {links
            .filter((link) => !(link.mainOnly && isSubAccount))
            .map((link) => (
              <a key={link.to} href={link.to} className="rc-personal-link" onClick={go(link.to)}>
                <Icon name={link.icon} size="large" />
                <span>
                  <strong>{link.title}</strong>
                  <small className="rc-muted">{link.text}</small>
                </span>
              </a>
            ))}
        </div>
      </PageSection>
    </div>
  );
}
