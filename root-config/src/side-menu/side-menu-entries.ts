import type { SemanticICONS } from 'semantic-ui-react';

export interface SideMenuEntry {
  readonly text: string;
  readonly icon: SemanticICONS;
  readonly to?: string;
  readonly children?: readonly SideMenuChild[];
}

/** A child entry; `badge` names the count shown beside it (menu-badges.ts). */
export interface SideMenuChild {
  readonly text: string;
  readonly to: string;
  readonly badge?: 'applications' | 'exams';
}

/** Spec §2 side menu. */
export const sideMenuEntries: readonly SideMenuEntry[] = [
  { text: '控制台', icon: 'dashboard', to: '/account/home' },
  { text: '容器实例', icon: 'server', to: '/account/instanceManage' },
  { text: '镜像', icon: 'clone outline', to: '/account/mirrorImage' },
  { text: '网盘', icon: 'hdd outline', to: '/account/netDisk' },
  { text: '我的分享', icon: 'share alternate', to: '/account/share' },
  { text: '文件上传', icon: 'cloud upload', to: '/account/upload' },
  {
    text: '超算',
    icon: 'microchip',
    children: [
      { text: '超算控制台', to: '/account/superHome' },
      { text: '我的作业', to: '/account/workList' },
      { text: '超算资源', to: '/account/superPower' },
      { text: '算力资源', to: '/account/computPower' },
      { text: '超算账单', to: '/account/superBill' },
    ],
  },
  {
    text: '费用',
    icon: 'yen sign',
    children: [
      { text: '充值', to: '/account/recharge' },
      { text: '收支明细', to: '/account/billDetails' },
      { text: '我的订单', to: '/account/order' },
      { text: '账单明细', to: '/account/definAndDetail' },
      { text: '算力账单', to: '/account/cpuBillManage' },
      { text: '存储账单', to: '/account/storeBillManage' },
      { text: '资产管理', to: '/account/assetsManage' },
      { text: '代金券', to: '/account/voucher' },
      { text: '发票管理', to: '/account/invoice' },
      { text: '我的收益', to: '/account/earnings' },
      { text: '提现', to: '/account/draw_money' },
    ],
  },
  {
    text: '个人中心',
    icon: 'user outline',
    children: [
      { text: '消息通知', to: '/account/message' },
      { text: '个人信息', to: '/account/info' },
      { text: '实名认证', to: '/account/realAuth' },
      { text: '修改密码', to: '/account/reset' },
      { text: 'API 密钥', to: '/account/apiKey' },
    ],
  },
  { text: '子账号管理', icon: 'users', to: '/account/childUser' },
];

/** Courses and applications, for everyone (讲师中心 is where a user applies to teach). */
export const learningMenuEntry: SideMenuEntry = {
  text: '学习与应用',
  icon: 'graduation cap',
  children: [
    { text: '我的课程', to: '/account/course' },
    { text: '我的班级', to: '/account/grades/my', badge: 'exams' },
    { text: '我的收藏', to: '/account/collection' },
    { text: '我的关注', to: '/account/attention' },
    { text: '直播', to: '/account/live' },
    { text: '应用中心', to: '/account/appCenter' },
    { text: '我的应用', to: '/account/app' },
    { text: '讲师中心', to: '/account/teacher' },
  ],
};

/** Shown to teachers only: their courses, videos and live channels. */
export const teachingMenuEntry: SideMenuEntry = {
  text: '教学',
  icon: 'book',
  children: [
    { text: '课程管理', to: '/account/resource' },
    { text: '视频点播', to: '/account/vod' },
    { text: '直播频道', to: '/account/channel' },
  ],
};

/** Shown to users with the grade-admin flag (spec §1): classes they teach (teachers) and classes they administer. */
export const gradeAdminMenuEntry = (isTeacher: boolean): SideMenuEntry => ({
  text: '班级管理',
  icon: 'users',
  children: [
    ...(isTeacher ? [{ text: '我教的班级', to: '/account/grades/teacher', badge: 'applications' as const }] : []),
    { text: '我管理的班级', to: '/account/grades/admin', badge: isTeacher ? undefined : ('applications' as const) },
  ],
});

/** Shown to operators only: the reviews that users' requests wait for. */
export const operatorMenuEntry: SideMenuEntry = {
  text: '运营审核',
  icon: 'clipboard check',
  children: [
    { text: '充值核对', to: '/account/review/recharge' },
    { text: '发票审核', to: '/account/review/invoice' },
    { text: '提现审核', to: '/account/review/withdrawal' },
    { text: '发放代金券', to: '/account/review/voucher' },
    { text: '内容审核', to: '/account/review/content' },
    { text: '应用审核', to: '/account/review/app' },
    { text: '讲师审核', to: '/account/review/teacher' },
    { text: '课程审核', to: '/account/review/course' },
    { text: '超算开通审核', to: '/account/review/hpc' },
    { text: '站点信息', to: '/account/review/site' },
  ],
};
