import { api } from '@rc/shared-utility';
import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList, ApiKeyView } from '@rc/api-contract/user/api-key';

export type { ApiKeyCreated, ApiKeyView };
export type { ApiKeyExpiry, ApiKeyScope } from '@rc/api-contract/user/api-key';

/** The keys of /account/apiKey: `Authorization: Bearer <密钥>` for scripts and the suanli command. */
export const listApiKeys = () => api.post<ApiKeyList>('/user/auth/user/apikey/list', {}, { cache: false, errorTip: false });
export const createApiKey = (body: ApiKeyCreateBody) => api.post<ApiKeyCreated>('/user/auth/user/apikey/create', body);
export const revokeApiKey = (id: number) => api.post<ApiKeyView>('/user/auth/user/apikey/revoke', { id });
