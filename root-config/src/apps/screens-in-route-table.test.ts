/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import type { Screens } from '@rc/shared-utility';
import { routeTable } from '../route-table';

// Every micro-app's screens map, found by file name so that a new app is checked without editing this test.
const apps = import.meta.glob<{ screens?: Screens }>('../../../mf-*/src/app.tsx', { eager: true });
const screensOf = Object.entries(apps).map(([file, module]) => [`@rc/${file.split('/')[3]}`, Object.keys(module.screens ?? {})] as const);

describe('the screens each micro-app registers', () => {
  it('are found for the apps that have built screens', () => {
    expect(screensOf.map(([app]) => app)).toEqual(expect.arrayContaining(['@rc/mf-console', '@rc/mf-storage']));
  });

  it.each(screensOf)('%s: every pattern is a route of the route table that the app owns', (app, patterns) => {
    expect(patterns.length).toBeGreaterThan(0);
    const strays = patterns.filter((pattern) => routeTable.find((entry) => entry.path === pattern)?.owner !== app);
    expect(strays).toEqual([]);
  });
});
