/** One web port of one instance, as its own origin names it. */
export interface InstancePageAddress {
  instanceId: number;
  port: number;
}

/** The origin of the instance's port: INSTANCE_PAGES_ORIGIN with `{id}` and `{port}` filled in. */
export function instancePageOrigin(pattern: string, address: InstancePageAddress): string {
  return pattern.replace('{id}', String(address.instanceId)).replace('{port}', String(address.port));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Host header values of the pattern's origins as browsers send them (a scheme's default port left out). */
export function instancePageHostShape(pattern: string): RegExp {
  const [, scheme, authority] = /^(https?):\/\/(.+)$/.exec(pattern)!;
  const host = authority!.replace(scheme === 'https' ? /:443$/ : /:80$/, '');
  const shape = escaped(host).replace('\\{id\\}', '(?<id>[1-9]\\d{0,9})').replace('\\{port\\}', '(?<port>[1-9]\\d{0,4})');
  return new RegExp(`^${shape}$`, 'i');
}

/** The instance and port a Host header names; null for a value of any other host. */
export function instancePageHosts(pattern: string): (host: string | undefined) => InstancePageAddress | null {
  const shape = instancePageHostShape(pattern);
  return (value) => {
    const groups = value ? shape.exec(value)?.groups : undefined;
    if (!groups) return null;
    const address = { instanceId: Number(groups.id), port: Number(groups.port) };
    return address.port <= 65535 ? address : null;
  };
}
