import { apiCall, apiGet } from './demo-session';

/** The instance's status as the console lists it (2 running, 4 stopped, 6 released). */
export async function instanceStatus(serverUrl: string, token: string, id: number) {
  const listed = await apiCall<{ list: { status: number }[] }>(serverUrl, '/container/auth/list', { pageNum: 1, pageSize: 1, id }, token);
  return listed.list[0]!.status;
}

/** Polls the instance until it reaches `status` (a real container takes what it takes), within a generous bound. */
export async function reachStatus(serverUrl: string, token: string, id: number, status: number) {
  for (let tries = 0; (await instanceStatus(serverUrl, token, id)) !== status; tries++) {
    if (tries > 240) throw new Error(`instance ${id} did not reach status ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Pays for one GPU by the hour in the first enabled region, of `imageId` or the first system image, as the token's user
 * (who has money), and waits until it runs; answers its id.
 */
export async function rentRunningInstance(serverUrl: string, token: string, o: { imageId?: number } = {}) {
  const get = <T>(route: string) => apiGet<T>(serverUrl, route, token);
  const [region] = await get<{ regionCode: string }[]>('/node/auth/region/list-enable');
  const models = await get<{ gpuModelId: number; freeGpu: number }[]>(`/node/auth/deviceType/statistics?regionCode=${region!.regionCode}`);
  const imageId = o.imageId ?? (await get<{ id: number }[]>('/image/auth/allSys'))[0]!.id;
  const model = models.find((candidate) => candidate.freeGpu > 0)!;
  const order = { regionCode: region!.regionCode, gpuModelId: model.gpuModelId, gpuCount: 1, billingType: 1, imageId };
  const { quoteToken } = await apiCall<{ quoteToken: string }>(serverUrl, '/user/auth/order/price/preview', order, token);
  const { instance } = await apiCall<{ instance: { id: number } }>(serverUrl, '/user/auth/order/info/pay', { ...order, quoteToken }, token);
  await reachStatus(serverUrl, token, instance.id, 2);
  return instance.id;
}

/** Stops and releases the instances a journey rented, whatever state they are in (its afterAll). */
export async function releaseInstances(serverUrl: string, token: string, ids: number[]) {
  for (const id of ids) {
    await apiCall(serverUrl, '/user/auth/user/instance/stop', { id }, token).catch(() => {});
    await reachStatus(serverUrl, token, id, 4).catch(() => {});
    await apiCall(serverUrl, '/user/auth/user/instance/release/instance', { id }, token).catch(() => {});
    await reachStatus(serverUrl, token, id, 6).catch(() => {});
  }
}
