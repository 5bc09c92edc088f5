import { screensApp, type Screens } from '@rc/shared-utility';
import { ConsoleHome } from './home/console-home';
import { UserInfoPage } from './info/user-info-page';
import { MessagePage } from './message/message-page';
import { InstanceManagePage } from './instances/instance-manage-page';
import { RentPage } from './rent/rent-page';
import { AddSshPage, ChangeConfigPage, ChangePayTypePage, StatusChangePage } from './instances/instance-sub-pages';
import { WebPortsPage } from './instances/web-ports-page';
import { TerminalPage } from './instances/terminal-page';
import { InstanceMonitorPage } from './instances/instance-monitor-page';
import { MirrorImagePage } from './images/mirror-image-page';
import { RealAuthPage } from './personal/real-auth-page';
import { ResetPasswordPage } from './personal/reset-password-page';
import { SshPage } from './personal/ssh-page';
import { ApiKeysPage } from './api-keys/api-keys-page';
import { ChildUserPage } from './personal/child-user-page';
import { ChildUserBalancePage, ChildUserBindMobilePage, ChildUserEditPage, ChildUserResetPage } from './personal/child-user-forms';
import { PersonalCenterPage } from './personal-center/personal-center-page';
import { CredentialPage } from './credential/credential-page';
import { NoRecommendPage } from './activity/no-recommend-page';
import { SuperHomePage } from './hpc/super-home-page';
import { ComputPowerPage } from './hpc/comput-power-page';
import { SuperPowerPage } from './hpc/super-power-page';
import { ResourceTypesPage } from './hpc/resource-types-page';
import { HpcReviewPage } from './hpc/hpc-review-page';
import { WorkListPage } from './hpc/work-list-page';
import { VncPage } from './desktop/vnc-page';
import { SiteInfoPage } from './site-info/site-info-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/home': ConsoleHome,
  '/account/message': MessagePage,
  '/account/info': UserInfoPage,
  '/account/instanceManage': InstanceManagePage,
  '/account/instance': InstanceManagePage,
  '/account/suanli/create': RentPage,
  '/account/instanceManage/changeConfig': ChangeConfigPage,
  '/account/instanceManage/changePayType': ChangePayTypePage,
  '/account/instanceManage/statusChanage': StatusChangePage,
  '/account/instanceManage/addSSH': AddSshPage,
  '/account/instanceManage/terminal': TerminalPage,
  '/account/instanceManage/monitor': InstanceMonitorPage,
  '/account/instanceManage/webPorts': WebPortsPage,
  '/account/mirrorImage': MirrorImagePage,
  '/account/realAuth': RealAuthPage,
  '/account/realAuth/credential': CredentialPage,
  '/account/personal': PersonalCenterPage,
  '/account/reset': ResetPasswordPage,
  '/account/ssh': SshPage,
  '/account/apiKey': ApiKeysPage,
  '/account/childUser': ChildUserPage,
  '/account/childUser/balance': ChildUserBalancePage,
  '/account/childUser/bindMobile': ChildUserBindMobilePage,
  '/account/childUser/edit/edit': ChildUserEditPage,
  '/account/childUser/reset/reset': ChildUserResetPage,
  '/account/superHome': SuperHomePage,
  '/account/computPower': ComputPowerPage,
  '/account/superPower': SuperPowerPage,
  '/account/superPower/enmu': ResourceTypesPage,
  '/account/review/hpc': HpcReviewPage,
  '/account/review/site': SiteInfoPage,
  '/account/workList': WorkListPage,
  '/noRecommend': NoRecommendPage,
  '/vnc': VncPage,
};

export const App = screensApp(screens);
