import { describe, expect, it } from 'vitest';
import { formatSize, parseSize } from './size';

describe('parseSize', () => {
  it.each([
    ['0', 0],
    ['512', 512],
    ['512B', 512],
    ['1KB', 1024],
    ['1.5 KB', 1536],
    ['2mb', 2 * 1024 ** 2],
    ['10 GB', 10 * 1024 ** 3],
    [' 1TB ', 1024 ** 4],
  ])('%s → %i bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it.each(['', 'abc', 'KB', '-1KB', '1.2.3MB', '1 K B'])('rejects %j as an invalid size string', (text) => {
    expect(() => parseSize(text)).toThrow(new Error('Invalid size string'));
  });

  it.each(['1PB', '3 XB', '2 bytes'])('rejects %j as an unknown unit', (text) => {
    expect(() => parseSize(text)).toThrow(new Error('Unknown unit'));
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [5_242_880, '5.00 MB'],
    [1024 ** 3 * 2.345, '2.35 GB'],
    [1024 ** 4, '1.00 TB'],
    [1024 ** 5, '1024.00 TB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
