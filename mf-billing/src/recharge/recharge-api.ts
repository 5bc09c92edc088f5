import { api, type Paging } from '@rc/shared-utility';
import type { CreateRechargeBody, Recharge, RechargeOptions } from '@rc/api-contract/user/recharge';
import type { PageOf } from '@rc/api-contract/envelope';

export type { Recharge, RechargeOptions };

export const rechargeOptions = () => api.post<RechargeOptions>('/user/auth/recharge/options');
export const createRecharge = (body: CreateRechargeBody) => api.post<Recharge>('/user/auth/recharge/create', body);
export const viewRecharge = (orderNo: string) => api.post<Recharge>('/user/auth/recharge/view', { orderNo });
export const continueRecharge = (orderNo: string) => api.post<Recharge>('/user/auth/recharge/continue', { orderNo });
export const cancelRecharge = (orderNo: string) => api.post<Recharge>('/user/auth/recharge/cancel', { orderNo });
export const listRecharges = (paging: Paging) => api.post<PageOf<Recharge>>('/user/auth/recharge/list', paging);

/** A fresh key for one attempt to create an order: a retry of the same attempt reuses it and gets the same order. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The QR code the server drew, as an image source (the portal's CSP allows data: images). */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The demo's simulated cashier: offered, it credits recharges without money moving. */
export const SANDBOX = 'sandbox';

export const UNPAID = 0;
export const PAID = 1;
