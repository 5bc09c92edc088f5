import { describe, expect, it } from 'vitest';
import { plainTextOf, renderInlineMarkdown, renderMarkdown, summaryOf } from './markdown.js';

describe('the community Markdown renderer', () => {
  it('renders Markdown and never passes raw HTML through', () => {
    const html = renderMarkdown('# 标题\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> **粗体**');
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('<strong>粗体</strong>');
    expect(html).not.toMatch(/<script|<img src=x/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('renders one line inline, for a choice option: code and emphasis, no paragraph, HTML and outside images refused', () => {
    expect(renderInlineMarkdown('`nvidia-smi` 看 **显存**')).toBe('<code>nvidia-smi</code> 看 <strong>显存</strong>');
    expect(renderInlineMarkdown('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(renderInlineMarkdown('![图](https://evil.example/x.png)')).toBe('<span class="rc-md-blocked-image">[图片：图]</span>');
  });

  it('marks links nofollow and refuses javascript: links', () => {
    expect(renderMarkdown('[文档](https://example.com/a)')).toContain(
      '<a href="https://example.com/a" rel="nofollow noopener noreferrer" target="_blank">文档</a>',
    );
    expect(renderMarkdown('[点我](javascript:alert(1))')).not.toContain('href="javascript');
  });

  it('shows images from our own storage and names the others instead of loading them', () => {
    expect(renderMarkdown('![图](/apis/community/api/image/abc.png)')).toContain('<img src="/apis/community/api/image/abc.png" alt="图"');
    const outside = renderMarkdown('![追踪](https://tracker.example/p.gif)');
    expect(outside).not.toContain('<img');
    expect(outside).toContain('[图片：追踪]');
    expect(renderMarkdown('![x](/apis/a" onerror="alert(1))')).not.toContain('onerror="alert');
  });

  it('gives the plain words for search and a summary cut at a character', () => {
    expect(plainTextOf('# 挂载网盘\n\n使用 `mount` 把**网盘**挂到实例')).toBe('挂载网盘 使用 mount 把 网盘 挂到实例');
    expect(summaryOf('一二三四五', 3)).toBe('一二三…');
    expect(summaryOf('一二三', 3)).toBe('一二三');
  });
});
