import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpuModels } from '../db/schema.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every "x 元/小时" and "x 元起" in a text, in yuan. */
const statedPrices = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?) ?元(?:\/小时|起)/g)].map((match) => Number(match[1]));

describe('the prices the home page states', () => {
  it("are the catalogue's: the tip bar and the home advert (its title and its image) name the cheapest hour of their GPU", async () => {
    const cheapestHour = new Map<string, number>();
    for (const model of await t.app.db.select({ name: gpuModels.name, hourPrice: gpuModels.hourPrice }).from(gpuModels)) {
      cheapestHour.set(model.name, Math.min(model.hourPrice, cheapestHour.get(model.name) ?? Infinity));
    }
    const tipBar = (await t.app.inject({ method: 'GET', url: '/config.json' })).json().headTips.content as string;
    const [advert] = (await call(t.app, 'POST', '/apis/system/api/adv/list', { position: 'home_popup' })).data as Array<{
      title: string;
      imageUrl: string;
    }>;
    const image = await t.app.inject({ method: 'GET', url: advert!.imageUrl });
    expect(image.statusCode).toBe(200);
    const imageText = [...image.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join(' ');

    for (const claim of [tipBar, `${advert!.title} ${imageText}`]) {
      const model = [...cheapestHour.keys()].find((name) => claim.includes(name));
      expect(model, claim).toBeDefined();
      const prices = statedPrices(claim);
      expect(prices.length, claim).toBeGreaterThan(0);
      expect(prices, claim).toEqual(prices.map(() => cheapestHour.get(model!)! / 1000));
    }
  });
});
