import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
  groupId: integer('group_id')
    .notNull()
    .references(() => aboutGroups.id),
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
