import { describe, expect, it } from 'vitest';
import { splitDefaults, splitWidth } from './split-width';

describe('splitWidth (gutter 8, snap 30, min 100)', () => {
  it('has the spec defaults', () => {
    expect(splitDefaults).toEqual({ gutter: 8, snap: 30, min: 100 });
  });

  it('follows the pointer, the gutter centred on it', () => {
    expect(splitWidth(304, 1000)).toBe(300);
    expect(splitWidth(135, 1000)).toBe(131);
  });

  it('snaps the first pane to 100 px within 30 px of it, and never goes narrower', () => {
    expect(splitWidth(134, 1000)).toBe(100);
    expect(splitWidth(110, 1000)).toBe(100);
    expect(splitWidth(-50, 1000)).toBe(100);
  });

  it('snaps the second pane to 100 px the same way', () => {
    // The most the first pane may take: 1000 - 8 - 100 = 892.
    expect(splitWidth(865, 1000)).toBe(861);
    expect(splitWidth(866, 1000)).toBe(892);
    expect(splitWidth(2000, 1000)).toBe(892);
  });

  it('keeps the minimum in a container too narrow for two panes', () => {
    expect(splitWidth(150, 150)).toBe(100);
  });
});
