export { enumList } from './enum-lists.js';
export { aboutNavigation, advertList, friendLinkList, navBar, zoneList } from './portal-lists.js';
export { enumLists, siteShell } from './site-shell.js';
export { systemSettings } from './system-settings.js';
export { siteAnswers, updateSiteInfo } from './website.js';
