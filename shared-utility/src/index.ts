export { api, type ApiResult, type CallOptions } from './api-client';
export { configure, type SharedConfig } from './config';
export { constants, messages } from './constants';
export { bus, type EventBus, type RcEvents, type ToastType } from './event-bus';
export { loadCounters, loginWith, logout, refreshCounters, refreshUserInfo } from './session';
export { startServerEvents } from './server-events';
export { signOutReason } from './sign-out-reason';
export { storage, type StorageKey } from './storage';
export { setTokenCookie, clearTokenCookie } from './token-cookie';
export {
  $aboutList,
  $balance,
  $enums,
  $idCardCheckStatus,
  $instanceNum,
  $instanceStatistics,
  $isLoggedIn,
  $loading,
  $navList,
  $priceCalc,
  $referralCode,
  $temporaryUrl,
  $theme,
  $token,
  $uploadListShow,
  $userGuide,
  $userInfo,
  $userMsgNum,
  $webInfo,
  $zones,
} from './stores';
export { setTheme, toggleTheme } from './theme';
export { parseSize, formatSize } from './size';
export { formatElapsed } from './elapsed';
export { formatDate, formatDateTime } from './date-time';
export { sshCommand } from './ssh';
export { enumNamesOf, useEnumNames, useEnumOptions } from './enum-names';
export { formatCharge, formatMoney, formatYuan, parseYuan } from './money';
export { debounce, throttle } from './timing';
export { copyText } from './clipboard';
export { formDownload } from './form-download';
export { postForBlob } from './blob-call';
export { searchTypeForPath } from './search-type';
export { routeId, routeParam } from './route-param';
export { useLoggedIn } from './use-logged-in';
export type {
  AboutGroup,
  EnumItem,
  EnumName,
  InstanceStatistics,
  LoginResult,
  NavItem,
  Page,
  Theme,
  UserGuide,
  UserInfo,
  UserType,
  WebInfo,
  Zone,
} from './types';
export { dialogs, $dialogs, type DialogState, type OpenOptions, type ConfirmOptions } from './dialogs/dialog-manager';
export { DialogFormActions } from './dialogs/dialog-form-actions';
export { ModalDialog } from './dialogs/modal-dialog';
export { defineWebComponents } from './web-components/define-elements';
export { uploads, $uploads } from './upload';
export { statusLabel } from './upload/upload-labels';
export { useUploadsUnderWay } from './upload/use-uploads-under-way';
export { md5InWorker } from './upload/file-hasher';
export { hashWhileSendingAbove } from './upload/upload-engine';
export type { AddOptions, UploadChunk, UploadItem, UploadStatus, UploadType } from './upload/upload-types';

export type { LayoutName, MicroAppName, RouteEntry, RouteOwner, ShellLocation, ShellProps } from './micro-app/shell-props';
export { FeaturePage } from './micro-app/feature-page';
export { ChunkLoadError, lazyComponent, type LazyComponent } from './micro-app/lazy-component';
export {
  FeaturePagesApp,
  microAppLifecycles,
  screensApp,
  useShellLocation,
  type ScreenPreloader,
  type ScreenProps,
  type Screens,
} from './micro-app/micro-app';
export * from './screen-kit';
