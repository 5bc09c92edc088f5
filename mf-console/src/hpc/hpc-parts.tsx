import { useEffect, type ReactNode } from 'react';
import { Button, Label, Progress, type SemanticCOLORS } from 'semantic-ui-react';
import { RouteLink, type ApiResult } from '@rc/shared-utility';

export const coreHours = (coreSeconds: number) => coreSeconds / 3600;

/** Hours as a figure: whole numbers plain, others with up to two decimals ('1,000', '0.25'). */
export const formatHours = (hours: number) => hours.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

export const formatMemory = (mb: number) => (mb >= 1024 ? `${formatHours(mb / 1024)} GB` : `${mb} MB`);

export function formatMinutes(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} 天`;
  if (minutes % 60 === 0) return `${minutes / 60} 小时`;
  return `${minutes} 分钟`;
}

const share = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0);
const colorOf = (percent: number): SemanticCOLORS => (percent >= 90 ? 'red' : percent >= 70 ? 'orange' : 'blue');

interface UsageBarProps {
  label: string;
  used: number;
  total: number;
  text: string;
  className?: string;
  /** A fixed colour; otherwise it turns orange from 70 % and red from 90 %. */
  color?: SemanticCOLORS;
}

/** Busy or used against a total, with the figures above the bar: 「CPU 空闲 96 / 256 核」. */
export function UsageBar({ label, used, total, text, className, color }: UsageBarProps) {
  const percent = share(used, total);
  return (
    <div className={className ? `rc-hpc-bar ${className}` : 'rc-hpc-bar'} data-used={used} data-total={total}>
      <div className="rc-hpc-bar-figures">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <Progress percent={percent} size="tiny" color={color ?? colorOf(percent)} />
    </div>
  );
}

const stateColors: Record<string, SemanticCOLORS> = {
  up: 'green',
  idle: 'green',
  mix: 'green',
  alloc: 'orange',
  drain: 'orange',
  down: 'red',
};
const stateTexts: Record<string, string> = { up: '正常', idle: '正常', mix: '正常', alloc: '满载', drain: '维护中', down: '停用' };

/** A partition's state as the scheduler says it (up, down, drain…), or 无法连接 when the scheduler did not answer. */
export function PartitionState({ state, reachable }: { state: string; reachable: boolean }) {
  if (!reachable) return <Label size="small" basic color="grey" className="rc-partition-state" content="无法连接" />;
  return (
    <Label size="small" basic color={stateColors[state] ?? 'grey'} className="rc-partition-state" content={stateTexts[state] ?? state} />
  );
}

/** Calls `reload` every `ms` while the page is visible, and at once when it becomes visible again. */
export function useRefreshWhileVisible(reload: () => unknown, ms: number) {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, ms);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload, ms]);
}

/** Several calls as one: the first failure, or every answer. */
export async function allOf<T>(calls: Promise<ApiResult<T>>[]): Promise<ApiResult<T[]>> {
  const results = await Promise.all(calls);
  const failed = results.find((result) => result.code !== 200);
  if (failed) return { code: failed.code, msg: failed.msg, data: [] };
  return { code: 200, msg: '', data: results.map((result) => result.data) };
}

export interface GuideStep {
  title: string;
  text: string;
}

/** A first-visit guide: numbered steps, the current one marked, and 知道了 to dismiss it for good. */
export function UserGuide({
  title,
  steps,
  current,
  onDismiss,
}: {
  title: string;
  steps: readonly GuideStep[];
  current: number;
  onDismiss: () => void;
}) {
  return (
    <div className="rc-hpc-guide" role="note">
      <div className="rc-hpc-guide-head">
        <strong>{title}</strong>
        <Button basic size="mini" className="rc-guide-dismiss" content="知道了，不再显示" onClick={onDismiss} />
      </div>
      <ol className="rc-hpc-guide-steps">
        {steps.map((step, index) => (
          <li key={step.title} className={index < current ? 'is-done' : index === current ? 'is-current' : undefined} data-step={index + 1}>
            <span className="rc-hpc-guide-number">{index + 1}</span>
            <span>
              <b>{step.title}</b>
              <small>{step.text}</small>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** An in-portal link styled as a small button. */
export function LinkButton({
  to,
  navigate,
  children,
  primary,
}: {
  to: string;
  navigate: (url: string) => void;
  children: ReactNode;
  primary?: boolean;
}) {
  return (
    <RouteLink to={to} navigate={navigate} className={primary ? 'ui mini primary button' : 'ui mini basic button'}>
      {children}
    </RouteLink>
  );
}
