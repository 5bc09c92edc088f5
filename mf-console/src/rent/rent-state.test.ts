import { describe, expect, it } from 'vitest';
import type { AppDetail, AppTemplateView } from '@rc/api-contract/application/app';
import type { GpuModelStat } from '@rc/api-contract/node/node';
import type { ImageView } from '@rc/api-contract/image/image';
import {
  initialRentState,
  maxGpuCount,
  rentChoice,
  rentOrder,
  rentReducer,
  shownImages,
  templateMismatch,
  type RentAction,
  type RentState,
} from './rent-state';

const modelOf = (gpuModelId: number, freeGpu: number, maxFreePerNode = freeGpu) =>
  ({ gpuModelId, freeGpu, maxFreePerNode }) as GpuModelStat;
const imageOf = (id: number, status = 1) => ({ id, status, name: `image ${id}` }) as ImageView;
const template = { gpuModelId: 7, gpuModelName: 'A100', gpuCount: 2, dataDiskGb: 100, regionCode: '' } as AppTemplateView;
/** Runs actions from the page's first state, with region bj chosen (as the regions' answer would). */
const run = (...actions: RentAction[]) => actions.reduce(rentReducer, { ...initialRentState, regionCode: 'bj' });

describe('rent state', () => {
  it('starts in the first region and, in a region, on the first GPU model with free cards, one card', () => {
    const state = run(
      {
        type: 'regionsLoaded',
        regions: [
          { regionCode: 'bj', regionName: '北京' },
          { regionCode: 'sh', regionName: '上海' },
        ] as RentState['regions'],
      },
      { type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(1, 0), modelOf(2, 3), modelOf(3, 8)], template: null },
    );
    expect([state.regionCode, state.modelsOfRegion, state.gpuModelId, state.gpuCount]).toEqual(['bj', 'bj', 2, 1]);
    expect(run({ type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(1, 0)], template: null }).gpuModelId).toBe(1);
    expect(run({ type: 'modelsLoaded', regionCode: 'bj', models: [], template: null }).gpuModelId).toBeNull();
  });

  it("ignores a region's models answered after the user moved to another region", () => {
    const state = run(
      { type: 'regionChosen', regionCode: 'sh' },
      { type: 'modelsLoaded', regionCode: 'sh', models: [modelOf(5, 8)], template: null },
      { type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(1, 8)], template: null },
    );
    expect([state.regionCode, state.modelsOfRegion, state.models.map((model) => model.gpuModelId), state.gpuModelId]).toEqual([
      'sh',
      'sh',
      [5],
      5,
    ]);
  });

  it("takes a deployed application's GPU model and count where the region has its model", () => {
    const state = run({ type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(2, 3), modelOf(7, 0)], template });
    expect([state.gpuModelId, state.gpuCount]).toEqual([7, 2]);
    // The data disk is still below the template's until the application fills it.
    expect(templateMismatch(state, template)).toBe('所选配置与应用模板不一致');
    const elsewhere = run({ type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(2, 3)], template });
    expect([elsewhere.gpuModelId, elsewhere.gpuCount]).toEqual([2, 1]);
    expect(templateMismatch(elsewhere, template)).toBe('所选地区没有该应用需要的 A100，请换一个地区');
  });

  it('fills the data disk and a name cut to 40 characters from the application, and says when the choice left its template', () => {
    const app = { name: '应'.repeat(45), template } as AppDetail;
    const state = run({ type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(7, 4)], template }, { type: 'appLaunched', app });
    expect([state.dataDiskExtraGb, state.name.length]).toEqual([100, 40]);
    expect(templateMismatch(rentReducer(state, { type: 'dataDiskChosen', gb: 99 }), template)).toBe('所选配置与应用模板不一致');
    expect(templateMismatch(rentReducer(state, { type: 'countChosen', gpuCount: 1 }), template)).toBe('所选配置与应用模板不一致');
    expect(templateMismatch(rentReducer(state, { type: 'dataDiskChosen', gb: 200 }), template)).toBe('');
    expect(templateMismatch(rentReducer(state, { type: 'countChosen', gpuCount: 1 }), null)).toBe('');
  });

  it('choosing another GPU model starts again at one card, up to the free cards of one node but at most 8', () => {
    const loaded = run(
      { type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(1, 16, 10), modelOf(2, 3, 3)], template: null },
      { type: 'countChosen', gpuCount: 4 },
    );
    expect(maxGpuCount(loaded)).toBe(8);
    const other = rentReducer(loaded, { type: 'modelChosen', gpuModelId: 2 });
    expect([other.gpuCount, maxGpuCount(other)]).toEqual([1, 3]);
    expect(maxGpuCount(initialRentState)).toBe(0);
  });

  it('chooses the system image ?imageId= names when it is one, else the first; lists only own images that are ready', () => {
    const images = [imageOf(4), imageOf(5)];
    expect(run({ type: 'systemImagesLoaded', images, wantedId: 5 }).imageId).toBe(5);
    expect(run({ type: 'systemImagesLoaded', images, wantedId: 9 }).imageId).toBe(4);
    expect(run({ type: 'systemImagesLoaded', images: [], wantedId: 0 }).imageId).toBeNull();
    const own = run(
      { type: 'systemImagesLoaded', images, wantedId: 0 },
      { type: 'privateImagesLoaded', images: [imageOf(8, 1), imageOf(9, 0)] },
      { type: 'imageTabChosen', tab: 'private' },
    );
    expect(shownImages(own).map((image) => image.id)).toEqual([8]);
  });

  it('quotes nothing before a GPU model is chosen, then the whole machine; the order adds image, token, trimmed name and application', () => {
    expect(rentChoice(initialRentState)).toBeNull();
    const state = run(
      { type: 'regionsLoaded', regions: [{ regionCode: 'bj', regionName: '北京' }] as RentState['regions'] },
      { type: 'modelsLoaded', regionCode: 'bj', models: [modelOf(3, 2)], template: null },
      { type: 'billingChosen', billingType: 3 },
      { type: 'durationChosen', duration: 2 },
      { type: 'dataDiskChosen', gb: 20 },
    );
    const choice = rentChoice(state)!;
    expect(choice).toEqual({ regionCode: 'bj', gpuModelId: 3, gpuCount: 1, billingType: 3, duration: 2, dataDiskExtraGb: 20 });
    expect(rentOrder(choice, state, { imageId: 4, quoteToken: 't', appId: undefined })).toEqual({ ...choice, imageId: 4, quoteToken: 't' });
    const named = rentReducer(state, { type: 'nameChanged', name: '  训练机  ' });
    expect(rentOrder(choice, named, { imageId: 4, quoteToken: 't', appId: 12 })).toEqual({
      ...choice,
      imageId: 4,
      quoteToken: 't',
      name: '训练机',
      appId: 12,
    });
    expect(rentOrder(choice, state, { imageId: 4, quoteToken: 't', appId: undefined, datasetShare: '7.abc' })).toEqual({
      ...choice,
      imageId: 4,
      quoteToken: 't',
      datasetShare: '7.abc',
    });
  });

  it('keeps a notice once the server found the quote stale', () => {
    expect(run({ type: 'quoteWentStale' }).notice).toBe('价格或余额已变化，已重新报价，请核对金额后再创建');
  });
});
