import type { MicroAppName } from '../route-table';

// Created outside React so that mounted apps survive layout changes: the shell only moves this
// element into the current layout's content slot.
const area = document.createElement('div');
area.className = 'rc-app-area';

export const appArea = (): HTMLElement => area;

export function appContainer(name: MicroAppName): HTMLElement {
  const id = `rc-app-${name.replace('@rc/', '')}`;
  const existing = document.getElementById(id) ?? area.querySelector<HTMLElement>(`#${id}`);
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = id;
  area.append(element);
  return element;
}
