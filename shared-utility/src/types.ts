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

/** One page of a server list. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum?: number;
  pageSize?: number;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

export interface WebInfo {
  logo: string;
  ico: string;
  keyword: string;
  desc: string;
  copyright: string;
  icp: string;
  prn: string;
  prnNo: string;
  isEnableStatistics: boolean;
  statisticsCode: string;
  isShowService: boolean;
  service1: string;
  service2: string;
  service3: string;
  service4: string;
  service5: string;
  title: string;
  h5Domain: string;
  hotline: string;
}

export interface NavItem {
  id: number;
  navTitle: string;
  navUrl: string;
  target: string;
}

export interface AboutGroup {
  id: number;
  navName: string;
  websiteNavList: { id: number; navName: string; url: string }[];
}

export type EnumName = 'OrderTypeEnum' | 'OrderStatusEnum' | 'BillingTypeEnum' | 'OpsInstanceEnum';

export interface EnumItem {
  code: number | string;
  name: string;
  desc: string;
}

export type Theme = 'theme_light' | 'theme_dark';

export interface UserGuide {
  computerPower: boolean;
  superPower: boolean;
}
