import { useCallback, type MouseEvent } from 'react';
import { Button, Icon, Input, Label, Table } from 'semantic-ui-react';
import {
  copyText,
  ErrorState,
  formatDateTime,
  formatYuan,
  LoadingState,
  PageHeader,
  PageSection,
  PagedTable,
  useLoaded,
  usePagedList,
  type ScreenProps,
} from '@rc/shared-utility';
import { incomeLines, incomeOverview, referredUsers, type IncomeOverview } from './earnings-api';
import './earnings.css';

function Figures({ overview }: { overview: IncomeOverview }) {
  return (
    <div className="rc-income-figures">
      <div className="rc-stat">
        <div className="rc-stat-label">待结算收益</div>
        <div className="rc-stat-value rc-income-held">{formatYuan(overview.held)}</div>
        <small className="rc-muted">入账 {overview.holdDays} 天后转为可提现</small>
      </div>
      <div className="rc-stat">
        <div className="rc-stat-label">可提现收益</div>
        <div className="rc-stat-value rc-income-withdrawable">{formatYuan(overview.withdrawable)}</div>
        <small className="rc-muted">与充值余额分开，不可用于消费</small>
      </div>
      <div className="rc-stat">
        <div className="rc-stat-label">累计收益</div>
        <div className="rc-stat-value">{formatYuan(overview.totalEarned)}</div>
        <small className="rc-muted">
          {overview.bySource.length === 0
            ? '暂无收益'
            : overview.bySource.map((source) => `${source.name} ${formatYuan(source.amount)}`).join('，')}
        </small>
      </div>
    </div>
  );
}

function Referral({ overview }: { overview: IncomeOverview }) {
  if (!overview.referralEnabled) return <p className="rc-muted">推荐返佣暂未开放。</p>;
  const copy = (text: string) => () => void copyText(text);
  return (
    <div className="rc-referral">
      <p>
        好友通过你的推荐链接注册后，其注册 {overview.commissionMonths} 个月内每笔充值，你可获得 {overview.commissionPercent}% 的返佣收益。
      </p>
      <Input
        readOnly
        className="rc-referral-code"
        label="我的推荐码"
        value={overview.referralCode}
        action={<Button content="复制" onClick={copy(overview.referralCode)} />}
      />
      <Input
        readOnly
        fluid
        className="rc-referral-link"
        label="推荐链接"
        value={overview.referralLink}
        action={<Button primary content="复制链接" onClick={copy(overview.referralLink)} />}
      />
    </div>
  );
}

/** `/account/earnings` (我的收益): held and withdrawable income, the income lines, the referral code and link, and the people referred. */
export function EarningsPage({ navigate }: ScreenProps) {
  const overview = useLoaded(useCallback(() => incomeOverview(), []));
  const lines = usePagedList(useCallback((paging) => incomeLines(paging), []));
  const referred = usePagedList(useCallback((paging) => referredUsers(paging), []));
  const toWithdraw = (event: MouseEvent) => {
    event.preventDefault();
    navigate('/account/draw_money');
  };
  return (
    <>
      <PageSection className="rc-earnings">
        <PageHeader>
          <Button primary as="a" href="/account/draw_money" onClick={toWithdraw}>
            <Icon name="money bill alternate outline" />
            提现
          </Button>
        </PageHeader>
        {overview.error !== null ? (
          <ErrorState message={overview.error} onRetry={() => void overview.reload()} />
        ) : !overview.data ? (
          <LoadingState />
        ) : (
          <Figures overview={overview.data} />
        )}
      </PageSection>
      <PageSection title="推荐有礼">
        {overview.data ? <Referral overview={overview.data} /> : null}
        <h4>我推荐的用户</h4>
        <PagedTable
          list={referred}
          className="rc-referred-table"
          columns={['手机号', '注册时间', '为我带来的收益']}
          empty="还没有好友通过你的链接注册"
          row={(user) => (
            <Table.Row key={`${user.mobile}-${user.gmtCreate}`}>
              <Table.Cell>{user.mobile}</Table.Cell>
              <Table.Cell>{formatDateTime(user.gmtCreate)}</Table.Cell>
              <Table.Cell className="rc-amount">{formatYuan(user.earned)}</Table.Cell>
            </Table.Row>
          )}
        />
      </PageSection>
      <PageSection title="收益明细">
        <PagedTable
          list={lines}
          className="rc-income-lines"
          columns={['来源', '计算基数', '收益', '入账时间', '可提现时间', '状态']}
          empty="暂无收益"
          row={(line) => (
            <Table.Row key={line.id} className="rc-income-line">
              <Table.Cell>{line.sourceName}</Table.Cell>
              <Table.Cell className="rc-amount">{formatYuan(line.baseAmount)}</Table.Cell>
              <Table.Cell className="rc-amount">{formatYuan(line.amount)}</Table.Cell>
              <Table.Cell>{formatDateTime(line.gmtCreate)}</Table.Cell>
              <Table.Cell>{formatDateTime(line.releaseAt)}</Table.Cell>
              <Table.Cell>
                <Label size="small" basic color={line.released ? 'green' : 'orange'}>
                  {line.released ? '可提现' : '待结算'}
                </Label>
              </Table.Cell>
            </Table.Row>
          )}
        />
      </PageSection>
    </>
  );
}
