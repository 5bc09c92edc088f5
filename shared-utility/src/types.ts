/** Domain shapes shared by the portal (spec §3, docs/portal-contract.md). */

export type UserType = 1 | 2 | 3;

export interface UserInfo {
  id: number;
  nickname: string;
  mobile: string;
  headImgUrl: string;
  userType: UserType;
  isTeacher: boolean;
  isGradeAdmin: boolean;
  expireTime: string | null;
  /** 0 none, 1 verified */
  idCardCheckStatus: number;
  videoPermission: boolean;
  /** thousandths of a yuan */
  nowMoney: number;
  zhisuanStatus: number;
  chaosuanStatus: number;
  parentId: number | null;
  shareBalance: boolean;
  referralCode: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

export type { AboutGroup, EnumItem, EnumName, NavItem, WebInfo } from '@rc/api-contract/system/site';

export type Theme = 'theme_light' | 'theme_dark';

export interface UserGuide {
  computerPower: boolean;
  superPower: boolean;
}
