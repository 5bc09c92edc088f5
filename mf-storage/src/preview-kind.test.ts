import { describe, expect, it } from 'vitest';
import { csvRows, previewKindOf } from './preview-kind';

describe('previewKindOf', () => {
  it('opens images, PDFs, Markdown and CSV by their extension, any case', () => {
    expect(previewKindOf('cat.PNG')).toBe('image');
    expect(previewKindOf('报告.pdf')).toBe('pdf');
    expect(previewKindOf('README.md')).toBe('markdown');
    expect(previewKindOf('results.tsv')).toBe('csv');
  });

  it('tries code, logs and names without an extension as text, and leaves archives and models closed', () => {
    expect(previewKindOf('train.py')).toBe('text');
    expect(previewKindOf('slurm-12.out')).toBe('text');
    expect(previewKindOf('Makefile')).toBe('text');
    expect(previewKindOf('.bashrc')).toBe('text');
    expect(previewKindOf('data.tar')).toBeNull();
    expect(previewKindOf('model.safetensors')).toBeNull();
  });
});

describe('csvRows', () => {
  it('splits rows and fields, keeping quoted separators, line breaks and doubled quotes', () => {
    expect(csvRows('a,b\r\n1,"x, ""y""\nz"\n2,\n', 10)).toEqual([
      ['a', 'b'],
      ['1', 'x, "y"\nz'],
      ['2', ''],
    ]);
  });

  it('stops at the limit, and leaves out a row cut off inside quotes', () => {
    expect(csvRows('h\n1\n2\n3\n', 2)).toEqual([['h'], ['1']]);
    expect(csvRows('h,v\n1,"unfinish', 10)).toEqual([['h', 'v']]);
  });

  it('reads tab-separated values', () => {
    expect(csvRows('a\tb\n1\t2', 10, '\t')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
