import fs from 'node:fs/promises';

const wanted = 65_536;

/**
 * The open-files and processes limits for containers: 65536, or lower where this machine allows less
 * (the hard limits, and for processes the kernel's pid_max); runc cannot raise them without
 * CAP_SYS_RESOURCE, and the container would not start.
 */
export async function containerUlimits(): Promise<{ nofile: number; nproc: number }> {
  const limits = await fs.readFile('/proc/self/limits', 'utf8').catch(() => '');
  const pidMax = Number(await fs.readFile('/proc/sys/kernel/pid_max', 'utf8').catch(() => '')) || wanted;
  const hard = (name: string) => {
    const value = new RegExp(`^${name}\\s+\\S+\\s+(\\S+)`, 'm').exec(limits)?.[1];
    return value && value !== 'unlimited' ? Math.min(wanted, Number(value)) : wanted;
  };
  return { nofile: hard('Max open files'), nproc: Math.min(hard('Max processes'), pidMax) };
}
