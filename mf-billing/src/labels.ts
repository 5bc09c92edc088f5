// Names the screens show for the codes in the calls' answers (OrderTypeEnum, OrderStatusEnum, BillingTypeEnum); instance states are shared-utility's instanceStatusNames.

export const orderTypeNames: Record<number, string> = {
  1: '新购',
  2: '续费',
  3: '升降配置',
  4: '转换计费',
  5: '充值',
  6: '数据盘扩容',
  7: '课程购买',
  8: '超算资源包',
};
export const orderStatusNames: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已取消', 3: '已退款', 4: '已关闭' };
export const billingTypeNames: Record<number, string> = { 0: '—', 1: '按量计费', 2: '包日', 3: '包周', 4: '包月' };
export const productNames: Record<string, string> = { gpu: '算力', storage: '存储', hpc: '超算', community: '社区', course: '课程' };
export const billKindNames: Record<string, string> = {
  usage: '按量计费',
  gpu_usage: 'GPU卡时',
  package: '包周期',
  renew: '续费',
  disk: '数据盘',
  refund: '退款',
  bounty: '问答悬赏',
  course: '课程购买',
};
export const ledgerKindNames: Record<string, string> = {
  recharge: '充值',
  charge: '消费',
  refund: '退款',
  grant: '赠送',
  bounty_hold: '悬赏托管',
  bounty_pay: '悬赏收入',
  bounty_refund: '悬赏退回',
};

export const options = (names: Record<string | number, string>) =>
  Object.entries(names).map(([value, text]) => ({ key: value, value, text }));
