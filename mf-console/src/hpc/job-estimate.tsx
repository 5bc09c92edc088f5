import { useEffect, useState } from 'react';
import { Icon, Loader } from 'semantic-ui-react';
import { formatYuan } from '@rc/shared-utility';
import { estimateJob, type HpcJobEstimate, type HpcJobSubmitBody } from './job-api';
import { formatHours } from './job-format';

interface EstimateState {
  estimate: HpcJobEstimate | null;
  error: string | null;
  loading: boolean;
}

/** The estimate of a valid form (null while it is not), asked again a moment after the fields stop changing. */
export function useJobEstimate(body: HpcJobSubmitBody | null): EstimateState {
  const key = body ? JSON.stringify(body) : null;
  const [state, setState] = useState<EstimateState>({ estimate: null, error: null, loading: false });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    const timer = setTimeout(() => {
      void estimateJob(JSON.parse(key) as HpcJobSubmitBody, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.code === 200
            ? { estimate: result.data, error: null, loading: false }
            : { estimate: null, error: result.msg || '估算失败', loading: false },
        );
      });
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return key === null ? { estimate: null, error: null, loading: false } : state;
}

/** 最高费用, 资源包可抵扣, 余额, and the warning that the job will be held when the balance does not cover it. */
export function JobEstimateView({ state, hasErrors }: { state: EstimateState; hasErrors: boolean }) {
  if (hasErrors) return <div className="rc-job-estimate-bar rc-muted">表单填写正确后显示预计费用</div>;
  if (state.error) {
    return (
      <div className="rc-job-estimate-bar rc-job-estimate-error" role="alert">
        <Icon name="warning circle" />
        {state.error}
      </div>
    );
  }
  const { estimate } = state;
  if (!estimate) return <div className="rc-job-estimate-bar rc-muted">正在计算预计费用…</div>;
  return (
    <div className="rc-job-estimate-bar" data-enough={estimate.enough}>
      <span className="rc-job-estimate-item">
        最高费用 <strong className="rc-job-estimate-amount">{formatYuan(estimate.estimatedAmount)}</strong>
      </span>
      <span className="rc-job-estimate-item">
        资源包可抵扣 <strong>{formatHours(estimate.packageCoreSecondsAvailable)} 核时</strong>
      </span>
      <span className="rc-job-estimate-item">
        余额 <strong>{formatYuan(estimate.balance)}</strong>
        {estimate.committedAmount > 0 ? <small className="rc-muted">（其他作业预留 {formatYuan(estimate.committedAmount)}）</small> : null}
      </span>
      {state.loading ? <Loader active inline size="mini" /> : null}
      {estimate.enough ? null : (
        <div className="rc-job-held-warning" role="alert">
          <Icon name="warning sign" />
          余额不足以支付最高费用：提交后作业将暂挂，充值后可在列表中释放。
        </div>
      )}
    </div>
  );
}
