/** Domain shapes shared by the portal (spec §3, docs/portal-contract.md). */

export type UserType = 1 | 2 | 3;

export type { UserInfo } from '@rc/api-contract/user/profile';
export type { LoginResult } from '@rc/api-contract/user/login';
export type { InstanceStatistics } from '@rc/api-contract/container/instance';

export type { AboutGroup, EnumItem, EnumName, NavItem, WebInfo, Zone } from '@rc/api-contract/system/site';
export type { PageOf as Page } from '@rc/api-contract/envelope';

export type Theme = 'theme_light' | 'theme_dark';

export interface UserGuide {
  computerPower: boolean;
  superPower: boolean;
}
