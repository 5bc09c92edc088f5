import { useState, type DragEvent, type ReactNode } from 'react';

const rowHeight = 40;
const overscan = 10;

/**
 * A scrolling list that renders only the rows in view (plus a few around them), so a folder of
 * 10,000 entries scrolls as lightly as one of 10. Files dropped on it go to `onDropFiles`.
 */
export function VirtualRows<T>({
  items,
  head,
  row,
  onDropFiles,
  empty,
}: {
  items: T[];
  head: ReactNode;
  row: (item: T) => ReactNode;
  onDropFiles: (files: FileList) => void;
  empty: ReactNode;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const [dragging, setDragging] = useState(false);
  const viewport = 520;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onDropFiles(event.dataTransfer.files);
  };
  return (
    <div
      className={`rc-rows${dragging ? ' is-dragging' : ''}`}
      role="table"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      {head}
      {items.length === 0 ? empty : null}
      <div style={{ height: first * rowHeight }} />
      {items.slice(first, last).map(row)}
      <div style={{ height: (items.length - last) * rowHeight }} />
    </div>
  );
}
