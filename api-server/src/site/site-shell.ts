import { enumNames, type EnumLists, type SiteShell } from '@rc/api-contract/system/site';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/index.js';
import { enumList } from './enum-lists.js';
import { aboutNavigation, friendLinkList, navBar, zoneList } from './portal-lists.js';
import { siteAnswers } from './website.js';

/** Spec §7: the classes are the zones of category type 1 shown in location 1. */
const classesQuery = { categoryType: 1, zoneLocation: 1 };

/** The public data every layout shows: site info, top nav, footer groups, friend links, zones and classes. */
export async function siteShell(app: FastifyInstance): Promise<SiteShell> {
  const [answers, nav, about, links, zones, classes] = await Promise.all([
    siteAnswers(app),
    navBar(app.db, {}),
    aboutNavigation(app.db),
    friendLinkList(app.db),
    zoneList(app.db, {}),
    zoneList(app.db, classesQuery),
  ]);
  return { info: answers.info, nav, about, links, zones, classes };
}

/** Every enum the contract names. */
export async function enumLists(db: Executor): Promise<EnumLists> {
  const lists = await Promise.all(enumNames.map((name) => enumList(db, name)));
  return Object.fromEntries(enumNames.map((name, index) => [name, lists[index]!])) as EnumLists;
}
