/** OrderStatusEnum codes a recharge order passes through. */
export const OrderStatus = { unpaid: 0, paid: 1, cancelled: 2, closed: 4 } as const;

/** OrderTypeEnum code of a recharge. */
export const rechargeOrderType = 5;

export const orderStatusNames: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已取消', 3: '已退款', 4: '已关闭' };
