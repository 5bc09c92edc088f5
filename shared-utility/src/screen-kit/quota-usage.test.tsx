import { afterEach, describe, expect, it } from 'vitest';
import { formatSize } from '../size';
import { QuotaUsage } from './quota-usage';
import { render, unmountAll } from './test-render';

afterEach(unmountAll);

const GB = 1024 ** 3;
const meter = (used: number) =>
  render(
    <QuotaUsage label="私有镜像" used={used} quota={30 * GB} format={formatSize} blocks="保存新镜像" remedy="删除不再使用的私有镜像" />,
  );

const shown = (host: HTMLElement) => ({
  level: host.querySelector<HTMLElement>('.rc-quota')?.dataset.level,
  figures: host.querySelector('.rc-quota-figures')?.textContent,
  warning: host.querySelector('.rc-quota-warning')?.textContent ?? null,
  role: host.querySelector('.rc-quota-warning')?.getAttribute('role') ?? null,
});

describe('QuotaUsage warns before the quota blocks', () => {
  it('shows the figures alone while well within the quota', () => {
    expect(shown(meter(12 * GB))).toEqual({ level: 'ok', figures: '私有镜像已用 12.00 GB / 30.00 GB（40%）', warning: null, role: null });
  });

  it('warns from 80 % on what will be refused once full, and how to make room', () => {
    expect(shown(meter(24 * GB))).toEqual({
      level: 'near',
      figures: '私有镜像已用 24.00 GB / 30.00 GB（80%）',
      warning: '私有镜像已用 80%，接近配额：用满后将无法保存新镜像，可先删除不再使用的私有镜像。',
      role: 'status',
    });
  });

  it('says what is refused now once past the quota (已用 53.00 GB / 30.00 GB), by how much, and the way out', () => {
    expect(shown(meter(53 * GB))).toEqual({
      level: 'over',
      figures: '私有镜像已用 53.00 GB / 30.00 GB（177%）',
      warning: '私有镜像已超出配额 23.00 GB：在删除不再使用的私有镜像之前，无法保存新镜像。',
      role: 'alert',
    });
  });

  it('counts exactly full as full: the server refuses from there', () => {
    expect(shown(meter(30 * GB)).warning).toBe('私有镜像已用满配额：在删除不再使用的私有镜像之前，无法保存新镜像。');
  });
});
