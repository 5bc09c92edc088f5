import { api, formDownload } from '@rc/shared-utility';
import type { AppLogView } from '@rc/api-contract/user/instance-app';

export type { AppLogView };

/** The last 200 lines of the application service's log in the user's running instance. */
export const appServiceLog = (id: number) => api.post<AppLogView>('/user/auth/user/instance/app/log', { id }, { cache: false });

/** Saves the whole log (its last 6 MB) through a form post the browser downloads. */
export const downloadAppServiceLog = (id: number) => formDownload('/user/auth/user/instance/app/log/download', { id: String(id) });
