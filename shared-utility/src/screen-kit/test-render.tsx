import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Runs `work` inside act(); answers arriving later render on their own, as in the browser. */
export function inAct(work: () => void) {
  const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  flags.IS_REACT_ACT_ENVIRONMENT = true;
  act(work);
  flags.IS_REACT_ACT_ENVIRONMENT = false;
}

const roots: Root[] = [];

/** Renders into a fresh element of the document; `unmountAll` (afterEach) removes everything. */
export function render(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  inAct(() => root.render(node));
  return host;
}

export function unmountAll() {
  for (const root of roots.splice(0)) inAct(() => root.unmount());
  document.body.replaceChildren();
}

/** Types into a React-controlled input. */
export function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
