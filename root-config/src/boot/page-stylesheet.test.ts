import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPageStylesheet, stylesheetRetryDelaysMs } from './page-stylesheet';

function preloadedStylesheet() {
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'style', href: '/modules/fomantic.css' });
  link.dataset.rcPageStylesheet = '';
  document.head.append(link);
  return link;
}

async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("the page's stylesheet, preloaded by index.html", () => {
  afterEach(() => document.head.replaceChildren());

  it('becomes a stylesheet where it stands, and is applied once it has loaded', async () => {
    const before = document.head.appendChild(document.createElement('style'));
    const link = preloadedStylesheet();
    const after = document.head.appendChild(document.createElement('style'));
    const applied = applyPageStylesheet();
    expect(link.rel).toBe('stylesheet');
    expect([...document.head.children]).toEqual([before, link, after]);
    expect(await settled(applied)).toBe(false);
    link.dispatchEvent(new Event('load'));
    expect(await settled(applied)).toBe(true);
  });

  it('lets the page go on when it fails to load', async () => {
    const link = preloadedStylesheet();
    const applied = applyPageStylesheet();
    link.dispatchEvent(new Event('error'));
    expect(await settled(applied)).toBe(true);
  });

  it('asks for it again in its place after each failure, a few times', () => {
    vi.useFakeTimers();
    try {
      const link = preloadedStylesheet();
      const after = document.head.appendChild(document.createElement('style'));
      void applyPageStylesheet();
      link.dispatchEvent(new Event('error'));
      let current = link;
      for (const [attempt, delayMs] of stylesheetRetryDelaysMs.entries()) {
        vi.advanceTimersByTime(delayMs - 1);
        expect(document.head.firstElementChild).toBe(current);
        vi.advanceTimersByTime(1);
        const again = document.head.firstElementChild as HTMLLinkElement;
        expect(again).not.toBe(current);
        expect([again.rel, again.href, again.dataset.rcPageStylesheet]).toEqual([
          'stylesheet',
          `${location.origin}/modules/fomantic.css?retry=${attempt + 1}`,
          '',
        ]);
        expect(again.nextElementSibling).toBe(after);
        again.dispatchEvent(new Event('error'));
        current = again;
      }
      vi.advanceTimersByTime(60_000);
      expect(document.head.firstElementChild).toBe(current);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops asking once a copy has loaded', () => {
    vi.useFakeTimers();
    try {
      const link = preloadedStylesheet();
      void applyPageStylesheet();
      link.dispatchEvent(new Event('error'));
      vi.advanceTimersByTime(stylesheetRetryDelaysMs[0]!);
      const again = document.head.firstElementChild!;
      again.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(60_000);
      expect(document.head.firstElementChild).toBe(again);
      expect(document.head.children).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing of a page without one, or whose stylesheet is one already', async () => {
    expect(await settled(applyPageStylesheet())).toBe(true);
    preloadedStylesheet().rel = 'stylesheet';
    expect(await settled(applyPageStylesheet())).toBe(true);
  });
});
