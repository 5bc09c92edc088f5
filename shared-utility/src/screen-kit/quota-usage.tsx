import type { ReactNode } from 'react';
import { Icon, Progress } from 'semantic-ui-react';

/** From this share of a quota on, the meter warns what will be refused once it is full. */
const warningShare = 0.8;

type QuotaLevel = 'ok' | 'near' | 'over';

function quotaLevel(used: number, quota: number): QuotaLevel {
  if (used >= quota) return 'over';
  return used >= quota * warningShare ? 'near' : 'ok';
}

const colors: Record<QuotaLevel, 'blue' | 'orange' | 'red'> = { ok: 'blue', near: 'orange', over: 'red' };

interface QuotaUsageProps {
  /** What is counted, e.g. 私有镜像, 空间, 文件数. */
  label: string;
  used: number;
  quota: number;
  format: (n: number) => string;
  /** What the server refuses once the quota is full, e.g. 保存新镜像. */
  blocks: string;
  /** What frees room, e.g. 删除不再使用的私有镜像. */
  remedy: string;
  /** Extra words after the figures (file counts, reserved space). */
  detail?: ReactNode;
  className?: string;
}

/**
 * A quota's figures and bar, and from 80 % on a warning of what will be refused when it is full; once full (or past
 * it), what is refused now and how to make room. The server holds the same line; this says it before it happens.
 */
export function QuotaUsage({ label, used, quota, format, blocks, remedy, detail, className = '' }: QuotaUsageProps) {
  const level = quotaLevel(used, quota);
  const percent = quota > 0 ? Math.round((used / quota) * 100) : 100;
  return (
    <div className={`rc-quota ${className}`.trim()} data-level={level}>
      <div className="rc-quota-figures">
        <span>{label}</span>
        <span>
          已用 {format(used)} / {format(quota)}（{percent}%）{detail}
        </span>
      </div>
      <Progress percent={Math.min(100, percent)} size="tiny" color={colors[level]} />
      {level === 'ok' ? null : (
        <p className={`rc-quota-warning rc-quota-${level}`} role={level === 'over' ? 'alert' : 'status'}>
          <Icon name="warning sign" />
          {level === 'near'
            ? `${label}已用 ${percent}%，接近配额：用满后将无法${blocks}，可先${remedy}。`
            : `${used > quota ? `${label}已超出配额 ${format(used - quota)}` : `${label}已用满配额`}：在${remedy}之前，无法${blocks}。`}
        </p>
      )}
    </div>
  );
}
