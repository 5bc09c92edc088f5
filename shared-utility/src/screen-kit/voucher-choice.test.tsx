import { afterEach, describe, expect, it } from 'vitest';
import { VoucherChoice } from './voucher-choice';
import { inAct, render, unmountAll } from './test-render';

afterEach(unmountAll);

const validUntil = '2026-12-31T00:00:00.000Z';
const big = { id: 7, name: '课程体验券', amount: 20_000, validUntil };
const small = { id: 9, name: '新人券', amount: 5_000, validUntil };

const line = (host: HTMLElement) => host.querySelector('.rc-quote-voucher')?.firstElementChild?.textContent ?? null;
const options = (host: HTMLElement) => Array.from(host.querySelectorAll('.rc-quote-voucher-choice .item')).map((item) => item.textContent);

describe('VoucherChoice', () => {
  it('shows 「代金券抵扣 ¥x」 of the picked voucher and offers the others and none; choosing answers its id, none 0', () => {
    const chosen: number[] = [];
    const host = render(<VoucherChoice voucher={big} vouchers={[big, small]} onChoose={(id) => chosen.push(id)} />);
    expect(line(host)).toBe('代金券抵扣 ¥20.00');
    expect(options(host)).toEqual(['课程体验券（抵扣 ¥20.00）', '新人券（抵扣 ¥5.00）', '不使用代金券']);
    const items = host.querySelectorAll<HTMLElement>('.rc-quote-voucher-choice .item');
    inAct(() => items[1]!.click());
    inAct(() => items[2]!.click());
    expect(chosen).toEqual([9, 0]);
  });

  it('says 代金券 with the choice when none is used, and nothing at all when no voucher can be used', () => {
    expect(line(render(<VoucherChoice voucher={null} vouchers={[small]} onChoose={() => undefined} />))).toBe('代金券');
    expect(render(<VoucherChoice voucher={null} vouchers={[]} onChoose={() => undefined} />).textContent).toBe('');
    expect(render(<VoucherChoice voucher={small} vouchers={[small]} />).textContent).toBe('代金券抵扣 ¥5.00新人券');
  });
});
