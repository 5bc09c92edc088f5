import { api } from '@rc/shared-utility';
import type { SshKeyAddBody, SshKeyList, SshKeyView } from '@rc/api-contract/user/ssh-key';

export type { SshKeyView };

/** The public keys saved at /account/ssh: each logs into every instance of the user's as `root.<实例ID>`. */
export const listSshKeys = () => api.post<SshKeyList>('/user/auth/user/ssh/key/list', {}, { cache: false, errorTip: false });
export const addSshKey = (body: SshKeyAddBody) => api.post<SshKeyView>('/user/auth/user/ssh/key/add', body);
export const deleteSshKey = (id: number) => api.post<null>('/user/auth/user/ssh/key/del', { id });
