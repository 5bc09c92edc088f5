/**
 * The instance-pages origins (INSTANCE_PAGES_ORIGIN) as one Content-Security-Policy source, `http://*.apps.example.com:8080`,
 * so the portal may frame them (the remote desktop at /vnc): the labels that hold `{id}` or `{port}` and those left of
 * them become `*`, and so does a templated port.
 */
export function instancePagesSource(pattern: string): string {
  const [, scheme, authority] = /^(https?):\/\/(.+)$/.exec(pattern)!;
  const [, host, port] = /^(.*?)(?::([^:]*))?$/.exec(authority!)!;
  const labels = host!.split('.');
  const templated = labels.map((label) => label.includes('{')).lastIndexOf(true);
  const hostSource = templated < 0 ? host : ['*', ...labels.slice(templated + 1)].join('.');
  return `${scheme}://${hostSource}${port === undefined ? '' : `:${port.includes('{') ? '*' : port}`}`;
}
