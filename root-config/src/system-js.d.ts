// SystemJS is loaded by index.html before the root config.
declare global {
  const System: {
    import<T = unknown>(id: string): Promise<T>;
    resolve(id: string): string;
  };
}

export {};
