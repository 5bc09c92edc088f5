import type { ApiKeyExpiry, ApiKeyScope, ApiKeyView } from './api-keys-api';

export const scopeNames: Record<ApiKeyScope, string> = { read: '只读', instance: '实例', storage: '存储', billing: '费用' };
export const expiryNames: Record<ApiKeyExpiry, string> = { '30d': '30 天', '90d': '90 天', '1y': '1 年', never: '永不' };
export const stateNames: Record<ApiKeyView['state'], string> = { active: '有效', expired: '已过期', revoked: '已吊销' };
