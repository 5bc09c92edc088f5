import type { EnumLists } from '@rc/api-contract/system/site';
import { $enums, $priceCalc, api } from '@rc/shared-utility';

async function loadPriceCalc(): Promise<void> {
  const result = await api.post<{ priceCalc: number }>('/user/auth/user/sys/config', {}, { errorTip: false });
  if (result.code === 200 && result.data.priceCalc > 0) $priceCalc.set(result.data.priceCalc);
}

async function loadEnums(): Promise<void> {
  const result = await api.get<EnumLists>('/system/auth/api/enum/lists', undefined, { errorTip: false });
  if (result.code === 200) $enums.set(result.data);
}

/** What a signed-in session needs besides the user: the price divisor and the named enumerations. */
export async function loadSessionData(): Promise<void> {
  await Promise.all([loadPriceCalc(), loadEnums()]);
}
