/** Spec §9 split pane defaults: an 8 px gutter, panes snap to their minimum within 30 px of it, and none is narrower than 100 px. */
export const splitDefaults = { gutter: 8, snap: 30, min: 100 };

/**
 * The first pane's width when the gutter is dragged to `pointer` px from the container's left edge (the
 * pointer in the gutter's middle), in a container `total` px wide: each pane keeps `min`, and a pane dragged
 * to within `snap` px of `min` snaps to it.
 */
export function splitWidth(pointer: number, total: number, { gutter, snap, min } = splitDefaults): number {
  const max = Math.max(min, total - gutter - min);
  const width = Math.round(pointer - gutter / 2);
  if (width <= min + snap) return min;
  if (width >= max - snap) return max;
  return width;
}
