import { type Database, enumItems, navItems, sysConfig, website, zones } from '../db/index.js';
import { defaultCloudDiskTerms, defaultNetDiskTerms } from '../storage/index.js';
import { seedComputeCatalogue, seedDesktopImage } from './compute-pool.js';
import { seedHpcCatalogue } from './hpc-catalogue.js';
import { seedCommunityLabels } from './community-labels.js';
import { seedLearningCatalogue } from './learning-catalogue.js';

export type SiteInfo = Omit<typeof website.$inferInsert, 'id'>;

/** What a real site says about itself until its operator edits the `website` row: no contact, no registration numbers. */
const neutralSiteInfo: SiteInfo = {
  title: '算力云 - GPU 算力租用平台',
  systemName: '算力云',
  logo: '/static/demo/logo.svg',
  footLogo: '/static/demo/logo.svg',
  ico: '/static/demo/logo.svg',
  keyword: 'GPU租用,算力云,深度学习,云服务器',
  desc: '按秒计费的 GPU 容器实例、镜像、网盘与文件存储。',
  copyright: '© 算力云',
  icp: '',
  icpText: '',
  prn: '',
  prnNo: '',
  isShowService: false,
  hotline: '',
  headTipsShow: false,
  userIntro: '注册即可租用 GPU 实例，按秒计费，随时关机释放。',
};

const navigation: Array<[title: string, url: string]> = [
  ['首页', '/'],
  ['算力市场', '/account/suanli/create'],
  ['镜像社区', '/imageCommunity'],
  ['课程', '/resource'],
  ['班级', '/grade'],
  ['博客', '/blog'],
  ['问答', '/question'],
];

const enums: Record<string, Array<[number, string, string]>> = {
  OrderTypeEnum: [
    [1, 'NEW', '新购'],
    [2, 'RENEW', '续费'],
    [3, 'CHANGE_CONFIG', '升降配置'],
    [4, 'CHANGE_BILLING', '转换计费'],
    [5, 'RECHARGE', '充值'],
    [6, 'DISK_EXPAND', '数据盘扩容'],
    [7, 'COURSE', '课程购买'],
    [8, 'HPC_PACKAGE', '超算资源包'],
  ],
  OrderStatusEnum: [
    [0, 'UNPAID', '待支付'],
    [1, 'PAID', '已支付'],
    [2, 'CANCELLED', '已取消'],
    [3, 'REFUNDED', '已退款'],
    [4, 'CLOSED', '已关闭'],
  ],
  BillingTypeEnum: [
    [1, 'PAY_AS_YOU_GO', '按量计费'],
    [2, 'DAILY', '包日'],
    [3, 'WEEKLY', '包周'],
    [4, 'MONTHLY', '包月'],
  ],
  OpsInstanceEnum: [
    [0, 'CREATING', '创建中'],
    [1, 'STARTING', '开机中'],
    [2, 'RUNNING', '运行中'],
    [3, 'STOPPING', '关机中'],
    [4, 'STOPPED', '已关机'],
    [5, 'RELEASING', '释放中'],
    [6, 'RELEASED', '已释放'],
    [7, 'RESETTING', '重置中'],
    [8, 'COMMITTING', '保存镜像中'],
    [9, 'FAILED', '创建失败'],
  ],
};

/** The community's zones, which its article categories belong to. */
const zoneList = [
  { name: '人工智能', code: 'ai', categoryType: 1, zoneLocation: 1, sort: 0 },
  { name: '大模型', code: 'llm', categoryType: 1, zoneLocation: 1, sort: 1 },
  { name: '计算机视觉', code: 'cv', categoryType: 1, zoneLocation: 1, sort: 2 },
  { name: '科学计算', code: 'hpc', categoryType: 1, zoneLocation: 2, sort: 3 },
];

/** Prices and limits in thousandths of a yuan (site configuration); a key already set is left as it is. */
const siteConfiguration: Array<{ key: string; value: unknown }> = [
  { key: 'priceCalc', value: 1000 },
  { key: 'dataDiskPrice', value: 7 },
  { key: 'sysConfigPrice', value: { noGpuHourPrice: 100, freeDataDiskGb: 50, releaseAfterStoppedDays: 15 } },
  { key: 'rechargeConfig', value: { minAmount: 1_000, maxAmount: 50_000_000, presets: [10_000, 50_000, 100_000, 500_000, 1_000_000] } },
  { key: 'netDiskPrice', value: defaultNetDiskTerms },
  { key: 'cloudDiskPrice', value: defaultCloudDiskTerms },
];

async function seedSiteInfo(db: Database, site: SiteInfo): Promise<boolean> {
  return (
    (
      await db
        .insert(website)
        .values({ id: 1, ...site })
        .onConflictDoNothing()
        .returning({ id: website.id })
    ).length > 0
  );
}

/** Inserts `rows` when `table` has none yet. */
async function seedWhenEmpty(db: Database, table: typeof navItems | typeof enumItems | typeof zones, rows: object[]): Promise<boolean> {
  const [existing] = await db.select().from(table).limit(1);
  if (existing) return false;
  await db.insert(table).values(rows as never);
  return true;
}

async function seedSiteConfiguration(db: Database): Promise<boolean> {
  return (await db.insert(sysConfig).values(siteConfiguration).onConflictDoNothing().returning({ key: sysConfig.key })).length > 0;
}

/**
 * What every site needs and no portal screen creates: the site's information (`site`, for a real site the neutral
 * one its operator edits), navigation, enumerations, prices, and the catalogues of the rent, HPC, course and
 * community pages. Each part is written once, when missing.
 */
export async function seedBaseData(db: Database, site: SiteInfo = neutralSiteInfo): Promise<boolean> {
  const seeders: Array<() => Promise<boolean>> = [
    () => seedSiteInfo(db, site),
    () =>
      seedWhenEmpty(
        db,
        navItems,
        navigation.map(([navTitle, navUrl], sort) => ({ navTitle, navUrl, target: '_self', sort })),
      ),
    () =>
      seedWhenEmpty(
        db,
        enumItems,
        Object.entries(enums).flatMap(([type, items]) => items.map(([code, name, desc], sort) => ({ type, code, name, desc, sort }))),
      ),
    () => seedSiteConfiguration(db),
    () => seedWhenEmpty(db, zones, zoneList),
    () => seedComputeCatalogue(db),
    () => seedDesktopImage(db),
    () => seedHpcCatalogue(db),
    () => seedCommunityLabels(db),
    () => seedLearningCatalogue(db),
  ];
  let wrote = false;
  for (const seed of seeders) wrote = (await seed()) || wrote;
  return wrote;
}
