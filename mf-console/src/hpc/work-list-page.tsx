import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Icon, Label, Menu } from 'semantic-ui-react';
import {
  EmptyState,
  ListState,
  PageHeader,
  PageSection,
  PageSwitcher,
  RouteLink,
  refreshCounters,
  useLoaded,
  usePagedList,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { listHpcAccounts, listJobs, type HpcAccountView, type JobScope } from './job-api';
import { JobTable } from './job-table';
import { SubmitJobForm } from './submit-job-form';
import './work-list.css';

const openStatus = 2;
const refreshMs = 3000;

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(document.visibilityState === 'visible');
  useEffect(() => {
    const follow = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  return visible;
}

/** No open account anywhere: where the user stands on each cluster and the way to open one. */
function NoAccountState({ accounts, navigate }: { accounts: HpcAccountView[]; navigate: (url: string) => void }) {
  const reviewing = accounts.filter((account) => account.status === 1);
  return (
    <EmptyState>
      <div className="rc-job-no-account">
        <Icon name="server" size="big" className="rc-muted" />
        <p className="rc-job-no-account-title">{reviewing.length > 0 ? '你的超算开通申请正在审核中' : '你还没有开通超算账号'}</p>
        <p>
          {reviewing.length > 0
            ? `已申请：${reviewing.map((account) => account.clusterName).join('、')}。审核通过后会在集群上创建你的账号与目录，即可在这里提交作业。`
            : '提交批处理作业需要先在集群上开通超算账号：在超算控制台选择集群、填写用途并提交申请，审核通过后即可提交作业。'}
        </p>
        <RouteLink to="/account/superHome" navigate={navigate} className="ui primary button rc-job-open-account">
          前往超算控制台开通
        </RouteLink>
      </div>
    </EmptyState>
  );
}

function JobList({ scope, navigate, onTotal }: { scope: JobScope; navigate: (url: string) => void; onTotal?: (total: number) => void }) {
  const fetchPage = useCallback((paging: Paging) => listJobs(scope, paging), [scope]);
  const paged = usePagedList(fetchPage);
  const { page, reload } = paged;
  const visible = usePageVisible();
  const total = paged.data?.total;

  useEffect(() => {
    if (total !== undefined) onTotal?.(total);
  }, [total, onTotal]);

  // The queue changes on its own: follow it while there is something in it and the page is in view.
  const watching = scope === 'active' && visible && page.list.length > 0;
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => void reload(), refreshMs);
    return () => clearInterval(timer);
  }, [watching, reload]);

  // A job that left the queue was charged: the header's balance follows.
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (scope === 'active' && seen.current !== undefined && total !== undefined && total < seen.current) void refreshCounters();
    seen.current = total;
  }, [scope, total]);

  return (
    <>
      <ListState
        source={paged}
        isEmpty={(loaded) => loaded.list.length === 0}
        empty={scope === 'active' ? '没有排队或运行中的作业。' : '还没有已结束的作业。'}
      >
        {(loaded) => <JobTable jobs={loaded.list} scope={scope} onChanged={() => void reload()} navigate={navigate} />}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}

/** `/account/workList`: submit batch jobs, follow the queue live, cancel, and read the history with its charges. */
/** The cluster and partition a link asked the submit form to open on, or null. */
function linkedPartition(): { clusterId: number; partition: string } | null {
  const query = new URLSearchParams(window.location.search);
  const clusterId = Number(query.get('clusterId'));
  const partition = query.get('partition');
  return Number.isInteger(clusterId) && clusterId > 0 && partition ? { clusterId, partition } : null;
}

export function WorkListPage({ navigate }: ScreenProps) {
  const accounts = useLoaded(listHpcAccounts);
  const [scope, setScope] = useState<JobScope>('active');
  // 算力资源's 提交作业 links here with ?clusterId=&partition=: the form opens on that partition.
  const [wanted] = useState(linkedPartition);
  const [composing, setComposing] = useState(wanted !== null);
  const [activeTotal, setActiveTotal] = useState<number | null>(null);
  // A submitted job: the active list is drawn anew so it shows at once.
  const [generation, setGeneration] = useState(0);
  const open = (accounts.data ?? []).filter((account) => account.status === openStatus);

  return (
    <PageSection className="rc-work-list">
      <PageHeader>
        {open.length > 0 && !composing ? (
          <Button primary className="rc-job-compose" onClick={() => setComposing(true)}>
            <Icon name="plus" />
            提交作业
          </Button>
        ) : null}
      </PageHeader>
      <ListState
        source={accounts}
        isEmpty={() => open.length === 0}
        empty={<NoAccountState accounts={accounts.data ?? []} navigate={navigate} />}
      >
        {() => (
          <>
            {composing ? (
              <div className="rc-job-submit-panel">
                <h2 className="rc-section-title">提交作业</h2>
                <SubmitJobForm
                  accounts={open}
                  initial={wanted}
                  onClose={() => setComposing(false)}
                  onSubmitted={() => {
                    setComposing(false);
                    setScope('active');
                    setGeneration((n) => n + 1);
                  }}
                />
              </div>
            ) : null}
            <Menu secondary pointing className="rc-job-tabs">
              <Menu.Item active={scope === 'active'} onClick={() => setScope('active')} data-scope="active">
                排队与运行中
                {activeTotal ? (
                  <Label size="mini" circular color="blue">
                    {activeTotal}
                  </Label>
                ) : null}
              </Menu.Item>
              <Menu.Item active={scope === 'history'} onClick={() => setScope('history')} data-scope="history">
                历史作业
              </Menu.Item>
            </Menu>
            {scope === 'active' ? (
              <JobList key={`active-${generation}`} scope="active" navigate={navigate} onTotal={setActiveTotal} />
            ) : (
              <JobList key="history" scope="history" navigate={navigate} />
            )}
          </>
        )}
      </ListState>
    </PageSection>
  );
}
