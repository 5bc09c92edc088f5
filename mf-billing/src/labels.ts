// Names the screens show for the codes of the calls' answers that are no enumeration of the portal's store (order types and states,
// billing types and instance states are: `useEnumNames`).

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
