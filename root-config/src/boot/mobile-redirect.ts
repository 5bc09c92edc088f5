import { $webInfo } from '@rc/shared-utility';

const mobileAgent = /iphone|ipod|ipad|android/i;

/** Spec §1: mobile browsers go to the configured H5 site. */
export function redirectMobileBrowsers(): void {
  if (!mobileAgent.test(navigator.userAgent)) return;
  $webInfo.subscribe((info) => {
    if (info?.h5Domain) window.location.replace(info.h5Domain);
  });
}
