import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandLine, shellQuote } from './shell-quote.js';

const hostile = [
  '',
  'plain',
  'two words',
  "it's",
  "''",
  '$(id)',
  '`id`',
  '"; rm -rf / #',
  '\\',
  'a\'b"c$d`e\\f',
  'line\nbreak',
  '$HOME ~ * ? [a] {x,y} | & ; < > ( )',
  '作业 名',
  '-n',
];

describe('shellQuote', () => {
  it("quotes with single quotes, writing a quote as '\\''", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$(id)')).toBe(`'$(id)'`);
  });

  it('survives a real shell: every argument arrives exactly as written', () => {
    const line = commandLine(['printf', '%s\\0', ...hostile]);
    const printed = execFileSync('sh', ['-c', line], { encoding: 'utf8' });
    expect(printed.split('\0').slice(0, -1)).toEqual(hostile);
  });

  it('refuses what no argument can hold and an empty command', () => {
    expect(() => shellQuote('a\0b')).toThrow(/NUL/);
    expect(() => commandLine([])).toThrow(/empty/);
  });
});
