/** `root` (the password names the instance) or `root.<实例ID>` (the instance named); null for any other user name. */
export function parseLoginName(username: string): { instanceId: number | null } | null {
  if (username === 'root') return { instanceId: null };
  const named = /^root\.([1-9]\d{0,9})$/.exec(username);
  if (!named) return null;
  const instanceId = Number(named[1]);
  return instanceId <= 2_147_483_647 ? { instanceId } : null;
}
