export { ServerProcess } from '../../../api-server/src/test-support/server-process';

export async function loginDemoUser(apiBase: string, mobile = '13800000001'): Promise<string> {
  const response = await fetch(`${apiBase}/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: 'Demo@2026' }),
  });
  const answer = (await response.json()) as { code: number; data: { token: string } };
  if (answer.code !== 200) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.data.token;
}
