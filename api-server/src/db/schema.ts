import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: varchar('nickname', { length: 40 }).notNull(),
    headImgUrl: varchar('head_img_url', { length: 500 }).notNull().default(''),
    userType: smallint('user_type').notNull().default(1),
    isTeacher: boolean('is_teacher').notNull().default(false),
    isGradeAdmin: boolean('is_grade_admin').notNull().default(false),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    idCardCheckStatus: smallint('id_card_check_status').notNull().default(0),
    realName: varchar('real_name', { length: 40 }),
    idCardMasked: varchar('id_card_masked', { length: 18 }),
    idCardHash: varchar('id_card_hash', { length: 64 }).unique(),
    videoPermission: boolean('video_permission').notNull().default(false),
    balance: money('balance').notNull().default(0),
    zhisuanStatus: smallint('zhisuan_status').notNull().default(0),
    chaosuanStatus: smallint('chaosuan_status').notNull().default(0),
    parentId: integer('parent_id'),
    shareBalance: boolean('share_balance').notNull().default(false),
    referralCode: varchar('referral_code', { length: 12 }).notNull().unique(),
    referredBy: integer('referred_by'),
    shopName: varchar('shop_name', { length: 30 }).unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_balance_not_negative', sql`${t.balance} >= 0`),
    index('users_parent_idx').on(t.parentId),
  ],
);

/** Every change of a balance; a user's balance always equals the sum of their entries. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_lookup_idx').on(t.mobile, t.purpose, t.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.isRead)],
);

export const lecturerFollows = pgTable(
  'lecturer_follows',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    lecturerId: integer('lecturer_id').notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lecturerId] })],
);

export const website = pgTable('website', {
  id: smallint('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  systemName: varchar('system_name', { length: 100 }).notNull(),
  logo: varchar('logo', { length: 500 }).notNull(),
  footLogo: varchar('foot_logo', { length: 500 }).notNull(),
  ico: varchar('ico', { length: 500 }).notNull(),
  keyword: varchar('keyword', { length: 300 }).notNull(),
  desc: varchar('description', { length: 500 }).notNull(),
  copyright: varchar('copyright', { length: 200 }).notNull(),
  icp: varchar('icp', { length: 100 }).notNull(),
  icpText: varchar('icp_text', { length: 100 }).notNull(),
  prn: varchar('prn', { length: 100 }).notNull(),
  prnNo: varchar('prn_no', { length: 100 }).notNull(),
  isEnableStatistics: boolean('is_enable_statistics').notNull().default(false),
  statisticsCode: text('statistics_code').notNull().default(''),
  isShowService: boolean('is_show_service').notNull().default(true),
  service1: varchar('service1', { length: 200 }).notNull().default(''),
  service2: varchar('service2', { length: 200 }).notNull().default(''),
  service3: varchar('service3', { length: 200 }).notNull().default(''),
  service4: varchar('service4', { length: 200 }).notNull().default(''),
  service5: varchar('service5', { length: 200 }).notNull().default(''),
  h5Domain: varchar('h5_domain', { length: 200 }).notNull().default(''),
  hotline: varchar('hotline', { length: 40 }).notNull(),
  headTipsShow: boolean('head_tips_show').notNull().default(false),
  headTipsBgColor: varchar('head_tips_bg_color', { length: 20 }).notNull().default(''),
  headTipsContent: varchar('head_tips_content', { length: 300 }).notNull().default(''),
  userIntro: text('user_intro').notNull().default(''),
});

export const navItems = pgTable('nav_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  navTitle: varchar('nav_title', { length: 40 }).notNull(),
  navUrl: varchar('nav_url', { length: 300 }).notNull(),
  target: varchar('target', { length: 10 }).notNull().default('_self'),
  platShow: smallint('plat_show').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

export const adverts = pgTable('adverts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: varchar('title', { length: 100 }).notNull(),
  imageUrl: varchar('image_url', { length: 500 }).notNull(),
  linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
  position: varchar('position', { length: 32 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const friendLinks = pgTable('friend_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 60 }).notNull(),
  url: varchar('url', { length: 300 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const aboutGroups = pgTable('about_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  navName: varchar('nav_name', { length: 40 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const aboutItems = pgTable('about_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  groupId: integer('group_id').notNull().references(() => aboutGroups.id),
  navName: varchar('nav_name', { length: 40 }).notNull(),
  url: varchar('url', { length: 300 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const zones = pgTable('zones', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 40 }).notNull(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  categoryType: smallint('category_type').notNull(),
  zoneLocation: smallint('zone_location').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const enumItems = pgTable(
  'enum_items',
  {
    type: varchar('type', { length: 40 }).notNull(),
    code: integer('code').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    desc: varchar('description', { length: 60 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.code] }), uniqueIndex('enum_items_name_idx').on(t.type, t.name)],
);

export const sysConfig = pgTable('sys_config', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
});
