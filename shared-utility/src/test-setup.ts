// jsdom lays nothing out, so no element's size ever changes: a ResizeObserver that is never called is exact.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
