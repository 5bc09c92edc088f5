import { useCallback, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Label, Message, Table, type SemanticCOLORS } from 'semantic-ui-react';
import {
  $userGuide,
  EmptyState,
  formatDateTime,
  formatSize,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  RouteLink,
  useLoaded,
  type ScreenProps,
} from '@rc/shared-utility';
import type { HpcJobView } from '@rc/api-contract/hpc/job';
import { hpcOverview, type HpcAccountView, type HpcOverview } from './hpc-api';
import { coreHours, formatHours, LinkButton, UsageBar, UserGuide } from './hpc-parts';
import { ApplyDialog } from './apply-dialog';
import './hpc.css';

const guideSteps = [
  { title: '申请开通', text: '选择集群，填写用途说明' },
  { title: '等待审核', text: '运营人员审核后创建集群账号' },
  { title: '上传数据', text: '在文件管理中上传输入文件' },
  { title: '提交作业', text: '填写脚本与资源，排队运行' },
  { title: '查看账单', text: '作业结束按核时扣费' },
] as const;

const statusColors: Record<number, SemanticCOLORS> = { 0: 'grey', 1: 'orange', 2: 'green', 3: 'red', 4: 'red' };
const jobStateColors: Record<string, SemanticCOLORS> = { RUNNING: 'green', PENDING: 'orange', HELD: 'red', COMPLETING: 'teal' };
const activeJobsShown = 5;

/** The guide's current step: what the user's furthest cluster account has reached. */
function guideStep(overview: HpcOverview | undefined): number {
  const statuses = overview?.accounts.map((account) => account.status) ?? [];
  if (statuses.includes(2)) return overview && overview.month.jobs + overview.activeJobs.length > 0 ? 4 : 2;
  if (statuses.includes(1)) return 1;
  return 0;
}

function AccountCard({ account, navigate, apply }: { account: HpcAccountView; navigate: ScreenProps['navigate']; apply: () => void }) {
  const files = `/account/fileManage/fileList?clusterId=${account.clusterId}`;
  return (
    <div className="rc-hpc-account" data-cluster={account.clusterName} data-status={account.status}>
      <div className="rc-hpc-account-head">
        <strong>{account.clusterName}</strong>
        <Label size="small" color={statusColors[account.status]} className="rc-hpc-account-status">
          {account.statusText}
        </Label>
      </div>
      {account.status === 0 ? (
        <>
          <p className="rc-muted">尚未开通。开通后可在该集群提交批处理作业，数据保存在集群存储中。</p>
          <Button primary size="small" className="rc-hpc-apply" content="申请开通" onClick={apply} />
        </>
      ) : null}
      {account.status === 1 ? (
        <p className="rc-muted">
          {formatDateTime(account.appliedAt)} 已提交申请，正在审核。用途：{account.purpose}
        </p>
      ) : null}
      {account.status === 2 ? (
        <>
          <dl className="rc-hpc-account-facts">
            <dt>集群账号</dt>
            <dd className="rc-hpc-unix-name">{account.unixName}</dd>
            <dt>家目录</dt>
            <dd>{account.home}</dd>
            <dt>临时目录</dt>
            <dd>{account.scratch}</dd>
            <dt>开通时间</dt>
            <dd>{formatDateTime(account.openedAt)}</dd>
          </dl>
          <p className="rc-muted">
            在{' '}
            <RouteLink to={files} navigate={navigate}>
              文件管理
            </RouteLink>{' '}
            中打开该集群即可上传输入、下载结果；作业的工作目录与输出文件都在这里。
          </p>
          <div className="rc-hpc-account-actions">
            <LinkButton primary to="/account/workList" navigate={navigate}>
              提交作业
            </LinkButton>
            <LinkButton to={files} navigate={navigate}>
              打开文件
            </LinkButton>
          </div>
        </>
      ) : null}
      {account.status === 3 || account.status === 4 ? (
        <>
          <Message negative size="small" className="rc-hpc-account-reason">
            {account.status === 3 ? '驳回原因' : '开通失败'}：{account.reason || '未说明'}
          </Message>
          <Button basic primary size="small" className="rc-hpc-apply" content="重新申请" onClick={apply} />
        </>
      ) : null}
    </div>
  );
}

function ActiveJobs({ jobs, navigate }: { jobs: HpcJobView[]; navigate: ScreenProps['navigate'] }) {
  if (jobs.length === 0) {
    return (
      <EmptyState>
        <p>暂无排队或运行中的作业</p>
        <LinkButton primary to="/account/workList" navigate={navigate}>
          提交作业
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <Table compact unstackable className="rc-hpc-active-jobs">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>作业</Table.HeaderCell>
          <Table.HeaderCell>集群 / 分区</Table.HeaderCell>
          <Table.HeaderCell>状态</Table.HeaderCell>
          <Table.HeaderCell>资源</Table.HeaderCell>
          <Table.HeaderCell>提交时间</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {jobs.slice(0, activeJobsShown).map((job) => (
          <Table.Row key={job.id}>
            <Table.Cell>
              {job.name}
              <div className="rc-muted">#{job.schedulerJobId ?? '—'}</div>
            </Table.Cell>
            <Table.Cell>
              {job.clusterName} / {job.partition}
            </Table.Cell>
            <Table.Cell>
              <Label size="small" basic color={jobStateColors[job.state] ?? 'grey'} content={job.stateText} />
            </Table.Cell>
            <Table.Cell>
              {job.nodes} 节点 · {job.tasks * job.cpusPerTask} 核{job.gpus ? ` · ${job.gpus} GPU` : ''}
            </Table.Cell>
            <Table.Cell>{formatDateTime(job.submittedAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

function MonthStats({ overview, navigate }: { overview: HpcOverview; navigate: ScreenProps['navigate'] }) {
  const { month } = overview;
  return (
    <div className="rc-stats rc-hpc-stats">
      <div className="rc-stat">
        <div className="rc-stat-label">本月核时（{month.month}）</div>
        <div className="rc-stat-value rc-hpc-month-core-hours">
          {formatHours(coreHours(month.coreSeconds))}
          <small>核时</small>
        </div>
        <div className="rc-muted">
          {month.jobs} 个作业，资源包抵扣 {formatHours(coreHours(month.packageCoreSeconds))} 核时
        </div>
      </div>
      <div className="rc-stat">
        <div className="rc-stat-label">本月GPU卡时</div>
        <div className="rc-stat-value">
          {formatHours(coreHours(month.gpuSeconds))}
          <small>卡时</small>
        </div>
      </div>
      <div className="rc-stat">
        <div className="rc-stat-label">本月作业扣费</div>
        <div className="rc-stat-value rc-hpc-month-amount">{formatYuan(month.amount)}</div>
        <RouteLink to="/account/superBill" navigate={navigate}>
          查看超算账单
        </RouteLink>
      </div>
      <div className="rc-stat">
        <div className="rc-stat-label">资源包剩余</div>
        <div className="rc-stat-value rc-hpc-package-left">
          {formatHours(coreHours(overview.packageCoreSecondsLeft))}
          <small>核时</small>
        </div>
        <RouteLink to="/account/superPower" navigate={navigate}>
          购买核时包
        </RouteLink>
      </div>
    </div>
  );
}

/** `/account/superHome` (超算控制台): my account on each cluster, active jobs, this month's use, packages left and storage. */
export function SuperHomePage({ navigate }: ScreenProps) {
  const overview = useLoaded(useCallback(() => hpcOverview(), []));
  const guide = useStore($userGuide);
  const [applying, setApplying] = useState<HpcAccountView | null>(null);
  const data = overview.data;
  return (
    <div className="rc-hpc rc-super-home">
      <PageSection>
        <PageHeader>
          <div className="rc-hpc-header-actions">
            <Button basic size="small" icon="server" content="算力资源" onClick={() => navigate('/account/computPower')} />
            <Button primary size="small" icon="play" content="我的作业" onClick={() => navigate('/account/workList')} />
          </div>
        </PageHeader>
        {guide.superPower ? null : (
          <UserGuide
            title="第一次使用超算？按以下步骤开始"
            steps={guideSteps}
            current={guideStep(data)}
            onDismiss={() => $userGuide.set({ ...guide, superPower: true })}
          />
        )}
        <ListState source={overview} isEmpty={() => false} empty={null}>
          {(loaded) => (
            <>
              <MonthStats overview={loaded} navigate={navigate} />
              <h2 className="rc-section-title rc-hpc-subtitle">集群账号</h2>
              {loaded.accounts.length === 0 ? (
                <EmptyState>暂无可用的超算集群，请联系管理员。</EmptyState>
              ) : (
                <div className="rc-hpc-accounts">
                  {loaded.accounts.map((account) => (
                    <AccountCard key={account.clusterId} account={account} navigate={navigate} apply={() => setApplying(account)} />
                  ))}
                </div>
              )}
            </>
          )}
        </ListState>
      </PageSection>
      {data ? (
        <>
          <PageSection
            title="排队与运行中的作业"
            actions={
              <RouteLink to="/account/workList" navigate={navigate}>
                全部作业{data.activeJobs.length > activeJobsShown ? `（共 ${data.activeJobs.length} 个）` : ''}
              </RouteLink>
            }
          >
            <ActiveJobs jobs={data.activeJobs} navigate={navigate} />
          </PageSection>
          <PageSection
            title="我的集群存储"
            actions={
              <RouteLink to="/account/fileStorage" navigate={navigate}>
                文件存储
              </RouteLink>
            }
          >
            {data.storage.length === 0 ? (
              <EmptyState>暂无集群存储</EmptyState>
            ) : (
              <div className="rc-hpc-storage">
                {data.storage.map((cluster) => (
                  <div key={cluster.id} className="rc-hpc-storage-item" data-cluster={cluster.name}>
                    <div className="rc-hpc-account-head">
                      <strong>{cluster.name}</strong>
                      <RouteLink to={`/account/fileManage/fileList?clusterId=${cluster.id}`} navigate={navigate}>
                        打开
                      </RouteLink>
                    </div>
                    {cluster.reachable ? (
                      <>
                        <UsageBar
                          label="空间"
                          used={cluster.usedBytes}
                          total={cluster.quotaBytes}
                          text={`${formatSize(cluster.usedBytes)} / ${formatSize(cluster.quotaBytes)}`}
                        />
                        <UsageBar
                          label="文件数"
                          used={cluster.usedFiles}
                          total={cluster.quotaFiles}
                          text={`${cluster.usedFiles.toLocaleString('zh-CN')} / ${cluster.quotaFiles.toLocaleString('zh-CN')} 个`}
                        />
                      </>
                    ) : (
                      <p className="rc-muted">集群暂时无法连接，用量未知</p>
                    )}
                  </div>
                ))}
              </div>
            )}
          </PageSection>
        </>
      ) : null}
      {applying ? (
        <ApplyDialog
          account={applying}
          close={(applied) => {
            setApplying(null);
            if (applied) void overview.reload();
          }}
        />
      ) : null}
    </div>
  );
}
