import { useEffect, useReducer, useState } from 'react';
import { Form, Input } from 'semantic-ui-react';
import { IntegerInput, PageHeader, PageSection, refreshCounters, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { isStaleQuote } from '../instances/quote-rules';
import { useQuote } from '../instances/quote-summary';
import { gpuModelsIn, listRegions, payAndCreate, quoteRent, savedImages, listSystemImages } from './rent-api';
import { CommunityImageChoice, useCommunityImage } from './community-image-choice';
import { AppTemplateChoice, useAppLaunch } from './app-template-choice';
import { DatasetShareChoice, useDatasetShare } from './dataset-share-choice';
import { BillingField, GpuCountField, GpuModelField, RegionField } from './rent-machine-fields';
import { RentImageField } from './rent-image-field';
import { chosenModel, initialRentState, rentChoice, rentOrder, rentReducer, templateMismatch } from './rent-state';
import { RentSummary } from './rent-summary';
import './rent.css';

/** `/account/suanli/create`: choose region, GPU model and count, billing, image and data disk; see the price; pay. */
export function RentPage({ navigate }: ScreenProps) {
  const [state, dispatch] = useReducer(rentReducer, initialRentState);
  const { regionCode, gpuModelId, regions } = state;
  const { busy: paying, submit } = useSubmit();
  const shared = useCommunityImage(regionCode, gpuModelId);
  const launch = useAppLaunch();
  const datasetShare = useDatasetShare();
  const template = launch.template;

  useEffect(() => {
    void listRegions().then((result) => {
      if (result.code === 200) dispatch({ type: 'regionsLoaded', regions: result.data });
    });
    void listSystemImages().then((result) => {
      const wantedId = Number(new URLSearchParams(window.location.search).get('imageId'));
      if (result.code === 200) dispatch({ type: 'systemImagesLoaded', images: result.data, wantedId });
    });
    void savedImages().then((result) => {
      if (result.code === 200) dispatch({ type: 'privateImagesLoaded', images: result.data.list });
    });
    void refreshCounters();
  }, []);

  useEffect(() => {
    if (!regionCode) return;
    void gpuModelsIn(regionCode).then((result) => {
      if (result.code === 200) dispatch({ type: 'modelsLoaded', regionCode, models: result.data, template });
    });
  }, [regionCode, template]);

  // An application's template names its region, or any region with free cards of its GPU model.
  const launchedApp = launch.app;
  useEffect(() => {
    const wanted = launchedApp?.template;
    if (!launchedApp || !wanted) return;
    dispatch({ type: 'appLaunched', app: launchedApp });
    if (wanted.regionCode) {
      dispatch({ type: 'regionChosen', regionCode: wanted.regionCode });
      return;
    }
    void (async () => {
      for (const region of regions) {
        const result = await gpuModelsIn(region.regionCode);
        const model = result.code === 200 ? result.data.find((m) => m.gpuModelId === wanted.gpuModelId) : undefined;
        if (model && model.maxFreePerNode >= wanted.gpuCount) return dispatch({ type: 'regionChosen', regionCode: region.regionCode });
      }
    })();
  }, [launchedApp, regions]);

  const choice = rentChoice(state);
  const [voucherId, setVoucherId] = useState<number | undefined>(undefined);
  const {
    quote,
    error: quoteError,
    refresh: requote,
  } = useQuote(choice && (voucherId === undefined ? choice : { ...choice, voucherId }), quoteRent);
  const chosenImageId = template?.imageId ?? shared.image?.imageId ?? state.imageId;
  const mismatch = templateMismatch(state, template);

  const pay = async () => {
    if (!choice || !chosenImageId || !quote || shared.blocks || mismatch) return;
    const order = rentOrder(choice, state, {
      imageId: chosenImageId,
      quoteToken: quote.quoteToken,
      appId: launch.app?.id,
      datasetShare: datasetShare.pass,
    });
    await submit({
      call: async () => {
        const result = await payAndCreate(order);
        if (isStaleQuote(result)) {
          dispatch({ type: 'quoteWentStale' });
          requote();
        }
        return result;
      },
      success: (created, msg) => `${msg}：${created.instance.name}`,
      then: async () => {
        await refreshCounters();
        navigate('/account/instanceManage');
      },
    });
  };

  const fieldProps = { state, dispatch, template };
  return (
    <PageSection className="rc-rent-page">
      <PageHeader />
      <AppTemplateChoice launch={launch} mismatch={mismatch} />
      <DatasetShareChoice share={datasetShare} />
      <Form>
        <RegionField {...fieldProps} />
        <GpuModelField {...fieldProps} />
        <GpuCountField {...fieldProps} />
        <BillingField {...fieldProps} />
        <Form.Field>
          <label>镜像</label>
          <CommunityImageChoice shared={shared} />
        </Form.Field>
        <RentImageField state={state} dispatch={dispatch} hidden={Boolean(shared.image || template)} />
        <Form.Field>
          <label>数据盘扩容（GB）</label>
          <IntegerInput
            min={template?.dataDiskGb ?? 0}
            max={2000}
            value={state.dataDiskExtraGb}
            onChange={(gb) => dispatch({ type: 'dataDiskChosen', gb })}
            label={{ basic: true, content: `免费 ${quote?.freeDataDiskGb ?? 50}GB 之外` }}
            labelPosition="right"
          />
        </Form.Field>
        <Form.Field>
          <label>实例名称（可选）</label>
          <Input
            value={state.name}
            maxLength={40}
            placeholder="默认按型号自动命名"
            onChange={(_, data) => dispatch({ type: 'nameChanged', name: data.value })}
          />
        </Form.Field>
      </Form>
      <RentSummary
        quote={quote}
        quoteError={quoteError}
        notice={state.notice}
        billingType={state.billingType}
        quoted={choice !== null}
        model={chosenModel(state)}
        ready={Boolean(chosenImageId) && !shared.blocks && mismatch === ''}
        paying={paying}
        onPay={() => void pay()}
        onRecharge={() => navigate('/account/recharge')}
        onVoucher={setVoucherId}
      />
    </PageSection>
  );
}
