/**
 * The one sentence a server stops with when it cannot listen on its port (held by another process, or one below 1024
 * without the privilege), naming the setting that moves it; null for any other failure.
 */
export function portRefusal(error: unknown, o: { what: string; port: number; setting: string }): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return `${o.what} cannot listen on port ${o.port}: another process (another api-server?) already holds it; stop that one or set ${o.setting} to another port`;
  }
  if (code === 'EACCES')
    return `${o.what} may not listen on port ${o.port} (ports below 1024 need privileges); set ${o.setting} to another port`;
  return null;
}
