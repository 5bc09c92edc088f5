import type { VoucherScope } from '@rc/api-contract/user/voucher';
import type { VoucherState } from './vouchers-api';

export const scopeNames: Record<VoucherScope, string> = { compute: '算力', storage: '存储', hpc: '超算', course: '课程' };
export const stateNames: Record<VoucherState, string> = { available: '可用', used: '已使用', expired: '已过期' };
