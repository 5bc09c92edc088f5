import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { splitDefaults, splitWidth } from './split-width';

const keyStep = 10;

/**
 * Two panes side by side with a gutter between them (spec §9: gutter 8, snap 30, min 100), dragged with
 * the pointer or moved with the arrow keys once focused.
 */
export function SplitPane({ label, first, second, initial }: { label: string; first: ReactNode; second: ReactNode; initial: number }) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  const totalWidth = () => container.current?.getBoundingClientRect().width ?? 0;
  const place = (pointer: number) => setWidth(splitWidth(pointer, totalWidth()));
  const widest = () => Math.max(splitDefaults.min, totalWidth() - splitDefaults.gutter - splitDefaults.min);

  const drag = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    place(event.clientX - container.current!.getBoundingClientRect().left);
  };
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -keyStep, ArrowRight: keyStep }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    setWidth((current) => Math.min(widest(), Math.max(splitDefaults.min, current + step)));
  };

  return (
    <div className="rc-split" ref={container}>
      <div className="rc-split-pane" style={{ width, flex: 'none' }}>
        {first}
      </div>
      <div
        className="rc-split-gutter"
        role="separator"
        tabIndex={0}
        aria-label={label}
        aria-orientation="vertical"
        aria-valuemin={splitDefaults.min}
        aria-valuemax={widest()}
        aria-valuenow={width}
        style={{ width: splitDefaults.gutter }}
        onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
        onPointerMove={drag}
        onPointerUp={(event) => event.currentTarget.releasePointerCapture(event.pointerId)}
        onKeyDown={keys}
      />
      <div className="rc-split-pane" style={{ flex: 1, minWidth: splitDefaults.min }}>
        {second}
      </div>
    </div>
  );
}
