import { atom, computed } from 'nanostores';
import { constants } from './constants';
import { persistentAtom } from './persistent-atom';
import type { AboutGroup, EnumItem, EnumName, InstanceStatistics, NavItem, Theme, UserGuide, UserInfo, WebInfo, Zone } from './types';

export const $token = persistentAtom<string | null>('RC_WEB_TOKEN', null);
export const $isLoggedIn = computed($token, (token) => Boolean(token));
export const $userInfo = persistentAtom<UserInfo | null>('RcUserInfo', null);
export const $temporaryUrl = persistentAtom<string | null>('temporaryUrl', null);
export const $referralCode = persistentAtom<string | null>('referralCode', null);
export const $theme = persistentAtom<Theme>('theme', 'theme_light');

export const $loading = atom(false);
/** Thousandths of a yuan. */
export const $balance = atom($userInfo.get()?.nowMoney ?? 0);
export const $priceCalc = atom<number>(constants.priceCalc);
export const $idCardCheckStatus = atom($userInfo.get()?.idCardCheckStatus ?? 0);
export const $userMsgNum = atom(0);
export const $instanceNum = atom(0);
/** The user's live instances by state, as `/container/auth/statistics` last gave them (null before the first load). */
export const $instanceStatistics = atom<InstanceStatistics | null>(null);
export const $webInfo = atom<WebInfo | null>(null);
/** `time` is when `list` was loaded (ms since epoch), 0 before the first load. */
export const $navList = atom<{ time: number; list: NavItem[] }>({ time: 0, list: [] });
export const $aboutList = atom<AboutGroup[]>([]);
/** Spec §7's start-up data: every zone, and the classes (categoryType 1, zoneLocation 1) the home page leads to. */
export const $zones = atom<{ zones: Zone[]; classes: Zone[] }>({ zones: [], classes: [] });
export const $enums = atom<Partial<Record<EnumName, EnumItem[]>>>({});
/** Which first-visit guides the user dismissed (超算控制台, 算力资源). */
export const $userGuide = persistentAtom<UserGuide>('userGuide', { computerPower: false, superPower: false });
export const $uploadListShow = atom(false);
