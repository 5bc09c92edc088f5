import { describe, expect, it } from 'vitest';
import { fullCollection, idleCollector } from './idle-collection.js';

/** How many collections a run of windows (CPU ms each) asks for, and after which windows. */
function collectionsAfter(windows: number[]): number[] {
  const at: number[] = [];
  let index = 0;
  const decide = idleCollector(() => at.push(index));
  for (; index < windows.length; index++) decide(windows[index]!);
  return at;
}

describe('collecting garbage once the server falls idle', () => {
  it('collects at the first idle window after a burst, once', () => {
    expect(collectionsAfter([300, 450, 120, 10, 5, 0, 0])).toEqual([3]);
  });

  it('collects once the start is over, and no more on an idle server', () => {
    expect(collectionsAfter([0, 10, 20, 5, 24])).toEqual([0]);
    expect(collectionsAfter([40, 30, 20, 5, 24])).toEqual([2]);
  });

  it('never collects while the server keeps working', () => {
    expect(collectionsAfter([300, 400, 350, 500])).toEqual([]);
  });

  it('waits through light work after a burst (a few requests) and collects when it is truly idle, again after each burst', () => {
    expect(collectionsAfter([200, 60, 30, 40, 10, 0, 250, 90, 3])).toEqual([4, 8]);
  });

  it('frees what nothing references any more', async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ rows: Array.from({ length: 1000 }, (_, i) => ({ i })) });
    })();
    // A WeakRef's target lives at least until the task that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fullCollection()();
    expect(ref!.deref()).toBeUndefined();
  });
});
