import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed';
import { formatDate, formatDateTime } from './date-time';
import { formatCharge, formatMoney, formatYuan, parseYuan } from './money';
import { searchTypeForPath } from './search-type';
import { sshCommand } from './ssh';
import { $priceCalc } from './stores';

const MINUTE = 60_000;

describe('formatElapsed', () => {
  it.each([
    [0, '0分钟'],
    [59_999, '0分钟'],
    [5 * MINUTE, '5分钟'],
    [2 * 60 * MINUTE + 3 * MINUTE, '2小时3分钟'],
    [26 * 60 * MINUTE, '1天2小时0分钟'],
    [(3 * 24 * 60 + 4 * 60 + 5) * MINUTE + 59_000, '3天4小时5分钟'],
    [-5 * MINUTE, '0分钟'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});

describe('sshCommand', () => {
  it('builds ssh -p port user@host', () => {
    expect(sshCommand({ port: 30022, user: 'root', host: 'gpu1.suanli.cn' })).toBe('ssh -p 30022 root@gpu1.suanli.cn');
  });
});

describe('formatMoney', () => {
  it.each([
    [500_000, '500.00'],
    [0, '0.00'],
    [1, '0.00'],
    [5, '0.01'],
    [1005, '1.01'],
    [1_234_567, '1,234.57'],
    [10_800_000, '10,800.00'],
    [1_000_000_000, '1,000,000.00'],
    [999_999, '1,000.00'],
    [-2500, '-2.50'],
    [-4, '0.00'],
  ])('%i thousandths → %s yuan', (thousandths, text) => {
    expect(formatMoney(thousandths)).toBe(text);
  });

  it('divides by the given priceCalc, or by the current $priceCalc', () => {
    expect(formatMoney(500, 100)).toBe('5.00');
    $priceCalc.set(10_000);
    expect(formatMoney(500_000)).toBe('50.00');
    $priceCalc.set(1000);
  });
});

describe('formatYuan and formatCharge', () => {
  it.each([
    [10_800_000, '¥10,800.00'],
    [0, '¥0.00'],
    [-2500, '-¥2.50'],
  ])('%i thousandths → %s', (thousandths, text) => {
    expect(formatYuan(thousandths, 1000)).toBe(text);
  });

  it.each([
    [1200, '-¥1.20'],
    [-1200, '+¥1.20'],
    [12_345_678, '-¥12,345.68'],
    [4, '-<¥0.01'],
    [-4, '+<¥0.01'],
    [5, '-¥0.01'],
    [0, '-¥0.00'],
  ])('a ledger line of %i thousandths → %s (two decimals, like every other amount)', (thousandths, text) => {
    expect(formatCharge(thousandths, 1000)).toBe(text);
  });
});

describe('formatDateTime and formatDate', () => {
  it('pad every part in local time', () => {
    const at = new Date(2026, 0, 5, 8, 4, 3).toISOString();
    expect(formatDateTime(at)).toBe('2026/01/05 08:04:03');
    expect(formatDate(at)).toBe('2026/01/05');
    expect(formatDateTime(new Date(2026, 10, 21, 23, 40, 59).toISOString())).toBe('2026/11/21 23:40:59');
  });

  it.each([null, '', 'not a date'])('show — for %j', (value) => {
    expect(formatDateTime(value)).toBe('—');
    expect(formatDate(value)).toBe('—');
  });
});

describe('searchTypeForPath', () => {
  it.each([
    ['/account/live', 2],
    ['/resource/detail/3', 4],
    ['/preview/resource/3', 4],
    ['/account/exam', 5],
    ['/blog/article/1', 6],
    ['/question/view/2', 7],
    ['/account/info', 8],
    ['/news/detail/about', 8],
    ['/blog/news/3', 8],
    ['/account/grades/exam/4', 5],
    ['/account/appCenter', 15],
    ['/account/app', 15],
    ['/account/dataManage/myData', 16],
    ['/', 1],
    ['/index', 1],
    ['/account/instanceManage', 1],
  ])('%s → %i', (path, type) => {
    expect(searchTypeForPath(path)).toBe(type);
  });
});
describe('parseYuan', () => {
  it('reads yuan in whole fen as thousandths and refuses anything else', () => {
    expect(parseYuan('100')).toBe(100_000);
    expect(parseYuan(' 99.5 ')).toBe(99_500);
    expect(parseYuan('0.01')).toBe(10);
    for (const text of ['', '1.234', '-1', '1e3', 'abc', '1.']) expect(parseYuan(text)).toBeNull();
  });
});
