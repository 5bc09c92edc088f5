export function sshCommand({ port, user, host }: { port: number; user: string; host: string }): string {
  return `ssh -p ${port} ${user}@${host}`;
}
