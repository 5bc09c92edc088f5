import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, aboutGroups, aboutItems, adverts, friendLinks, messages, users } from '../db/index.js';
import { hashPassword, maskIdCard, sha256 } from '../lib/index.js';
import { createAccount } from '../accounts/index.js';
import { applyLedgerEntry, yuanText } from '../billing/index.js';
import { catalogueHourPrice, seedDemoComputeNodes } from './compute-pool.js';
import { seedBaseData, type SiteInfo } from './base-data.js';
import { seedDemoHpcAccounts } from './demo-hpc-accounts.js';
import { seedDemoBillingHistory } from './billing-history.js';
import { demoHeadTips, seedWelcomeCredit } from './welcome-credit.js';
import { seedOperator } from './operator.js';
import { seedDemoIncome } from './demo-income.js';
import { seedDemoBlogs } from './demo-blogs.js';
import { seedDemoQuestions } from './demo-questions.js';
import { seedDemoCourses } from './demo-courses.js';
import { seedDemoApps } from './demo-apps.js';
import { seedDemoClasses } from './demo-classes.js';
import { seedDemoLessonVideo } from './demo-lesson-video.js';
import type { BlobStore } from '../blobs/index.js';
import { seedDemoCommunityImages } from './demo-community-images.js';
import { demoAccounts, demoPassword } from './demo-accounts.js';

// Tests and journeys take the demo accounts from here, beside the seeding that makes them.
export { demoAccounts, demoPassword } from './demo-accounts.js';

const demoIdCard = '11010519491231002X';

/** What the demo site says about itself. */
const demoSiteInfo: SiteInfo = {
  title: '算力云 - GPU 算力租用平台',
  systemName: '算力云',
  logo: '/static/demo/logo.svg',
  footLogo: '/static/demo/logo.svg',
  ico: '/static/demo/logo.svg',
  keyword: 'GPU租用,算力云,RTX 4090,A800,H800,深度学习,云服务器',
  desc: '算力云提供按秒计费的 GPU 容器实例、镜像、网盘与文件存储，以及课程、班级与社区。',
  copyright: '© 2026 算力云 版权所有',
  icp: '京ICP备2026000001号-1',
  icpText: 'ICP备案号',
  prn: '京公网安备',
  prnNo: '11010802000001号',
  isShowService: true,
  service1: '在线客服：工作日 9:00-21:00',
  service2: '客服电话：400-800-2026',
  service3: '客服邮箱：support@suanli.example',
  service4: '企业合作：bd@suanli.example',
  service5: '技术支持 QQ 群：200020262',
  hotline: '400-800-2026',
  headTipsShow: true,
  headTipsBgColor: '#fff7e6',
  headTipsContent: demoHeadTips,
  userIntro: '注册即可租用 GPU 实例，按秒计费，随时关机释放。',
};

/** The demo accounts with their messages, and the demo's adverts, friend links and footer pages; once. */
async function seedDemoSiteAndAccounts(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, demoAccounts.user));
  if (existing) return false;
  const [userHash, teacherHash, organizationHash] = await Promise.all([
    hashPassword(demoPassword),
    hashPassword(demoPassword),
    hashPassword(demoPassword),
  ]);

  await db.transaction(async (tx) => {
    await tx.insert(adverts).values([
      {
        title: `新用户专享 RTX 4090，${yuanText(catalogueHourPrice('rtx4090'))} 元/小时起`,
        imageUrl: '/static/demo/advert-home.svg',
        linkUrl: '/account/suanli/create',
        position: 'home_popup',
        sort: 0,
      },
      {
        title: '弹性 GPU 算力，即开即用',
        imageUrl: '/static/demo/banner-compute.svg',
        linkUrl: '/account/suanli/create',
        position: 'home_banner',
        sort: 0,
      },
    ]);
    await tx.insert(friendLinks).values([
      { name: 'PyTorch', url: 'https://pytorch.org', sort: 0 },
      { name: 'Hugging Face', url: 'https://huggingface.co', sort: 1 },
      { name: 'OpenI 启智社区', url: 'https://openi.pcl.ac.cn', sort: 2 },
    ]);
    const groups = await tx
      .insert(aboutGroups)
      .values([
        { navName: '关于我们', sort: 0 },
        { navName: '帮助中心', sort: 1 },
        { navName: '法律条款', sort: 2 },
      ])
      .returning({ id: aboutGroups.id });
    const [about, help, legal] = groups.map((group) => group.id) as [number, number, number];
    await tx.insert(aboutItems).values([
      { groupId: about, navName: '公司介绍', url: '/news/detail/about', sort: 0 },
      { groupId: about, navName: '联系我们', url: '/news/detail/contact', sort: 1 },
      { groupId: help, navName: '快速开始', url: '/news/detail/quick-start', sort: 0 },
      { groupId: help, navName: '计费说明', url: '/news/detail/billing', sort: 1 },
      { groupId: legal, navName: '用户协议', url: '/agreement', sort: 0 },
      { groupId: legal, navName: '隐私政策', url: '/privacy', sort: 1 },
    ]);
    const demoUser = await createAccount(tx, { mobile: demoAccounts.user, passwordHash: userHash!, nickname: '算力体验官' });
    await tx
      .update(users)
      .set({ idCardCheckStatus: 1, realName: '李明', idCardMasked: maskIdCard(demoIdCard), idCardHash: sha256(`id-card:${demoIdCard}`) })
      .where(eq(users.id, demoUser.id));
    // Dated before the demo's month of billing history (seed/billing-history.ts).
    await applyLedgerEntry(tx, {
      userId: demoUser.id,
      amount: 500_000,
      kind: 'grant',
      note: '演示账户体验金',
      at: new Date(Date.now() - 31 * 86_400_000),
    });
    await tx.insert(messages).values([
      { userId: demoUser.id, title: '欢迎使用算力云', content: '您的账户已开通，可在「算力市场」租用 GPU 实例。', isRead: true },
      { userId: demoUser.id, title: '体验金到账', content: '500.00 元体验金已存入您的账户余额。' },
      { userId: demoUser.id, title: '实名认证已通过', content: '您的实名认证已通过审核，可使用全部功能。' },
      { userId: demoUser.id, title: '新品上线：H800 实例', content: 'H800 80GB 实例已在华东二区上线，欢迎体验。' },
    ]);
    await createAccount(tx, { mobile: demoAccounts.teacher, passwordHash: teacherHash!, nickname: '王老师', userType: 2, isTeacher: true });
    await createAccount(tx, { mobile: demoAccounts.organization, passwordHash: organizationHash!, nickname: '星河科技', userType: 3 });
  });
  return true;
}

/** The base data with the demo's site information, then the demo: each domain seeds itself once, so a data folder
 * created before a domain existed still gains its demo data. */
const seeders: Array<(db: Database) => Promise<boolean>> = [
  (db) => seedBaseData(db, demoSiteInfo),
  seedDemoSiteAndAccounts,
  seedDemoComputeNodes,
  seedWelcomeCredit,
  (db) => seedOperator(db, demoPassword),
  (db) => seedDemoIncome(db, { referrer: demoAccounts.user, referred: demoAccounts.organization }),
  seedDemoBlogs,
  seedDemoQuestions,
  seedDemoCommunityImages,
  seedDemoCourses,
  seedDemoApps,
  seedDemoClasses,
];

/**
 * `billingHistory`: also a month of the demo user's orders and bills (the server's demo; tests start without it);
 * `blobs`: also the demo course's lesson video, whose bytes go to the blob store;
 * `hpc`: also the demo HPC accounts, whose folders the cluster's scheduler makes.
 */
export async function seedDemoData(
  db: Database,
  options: { billingHistory?: boolean; blobs?: BlobStore; hpc?: FastifyInstance['hpc'] } = {},
): Promise<boolean> {
  let wrote = false;
  for (const seed of seeders) wrote = (await seed(db)) || wrote;
  if (options.billingHistory) wrote = (await seedDemoBillingHistory(db)) || wrote;
  if (options.blobs) wrote = (await seedDemoLessonVideo(db, options.blobs)) || wrote;
  if (options.hpc) wrote = (await seedDemoHpcAccounts(db, options.hpc, demoAccounts)) || wrote;
  return wrote;
}
