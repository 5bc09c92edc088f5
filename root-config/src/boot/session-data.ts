import { $enums, $priceCalc, api, type EnumItem, type EnumName } from '@rc/shared-utility';

const enumNames: readonly EnumName[] = ['OrderTypeEnum', 'OrderStatusEnum', 'BillingTypeEnum', 'OpsInstanceEnum'];

async function loadPriceCalc(): Promise<void> {
  const result = await api.post<{ priceCalc: number }>('/user/auth/user/sys/config', {}, { errorTip: false });
  if (result.code === 200 && result.data.priceCalc > 0) $priceCalc.set(result.data.priceCalc);
}

async function loadEnums(): Promise<void> {
  const results = await Promise.all(
    enumNames.map((name) => api.get<EnumItem[]>(`/system/auth/api/enum/list/${name}`, undefined, { errorTip: false })),
  );
  const enums: Partial<Record<EnumName, EnumItem[]>> = {};
  results.forEach((result, index) => {
    const name = enumNames[index];
    if (name && result.code === 200) enums[name] = result.data;
  });
  $enums.set(enums);
}

/** What a signed-in session needs besides the user: the price divisor and the named enumerations. */
export async function loadSessionData(): Promise<void> {
  await Promise.all([loadPriceCalc(), loadEnums()]);
}
