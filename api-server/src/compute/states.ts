/** OpsInstanceEnum codes (seeded into enum_items by the site seeder). */
export const Status = {
  creating: 0,
  starting: 1,
  running: 2,
  stopping: 3,
  stopped: 4,
  releasing: 5,
  released: 6,
  resetting: 7,
  committing: 8,
  failed: 9,
} as const;
export type Status = (typeof Status)[keyof typeof Status];

/** BillingTypeEnum codes. */
export const Billing = { payAsYouGo: 1, daily: 2, weekly: 3, monthly: 4 } as const;
export type Billing = (typeof Billing)[keyof typeof Billing];

/** OrderTypeEnum codes. */
export const OrderType = { create: 1, renew: 2, changeConfig: 3, changeBilling: 4, diskExpand: 6 } as const;

export const statusNames: Record<Status, string> = {
  0: '创建中',
  1: '开机中',
  2: '运行中',
  3: '关机中',
  4: '已关机',
  5: '释放中',
  6: '已释放',
  7: '重置中',
  8: '保存镜像中',
  9: '创建失败',
};

export const billingNames: Record<Billing, string> = { 1: '按量计费', 2: '包日', 3: '包周', 4: '包月' };

export const packageDays: Record<Exclude<Billing, 1>, number> = { 2: 1, 3: 7, 4: 30 };

export function isPackage(billing: number): billing is Exclude<Billing, 1> {
  return billing === Billing.daily || billing === Billing.weekly || billing === Billing.monthly;
}
