import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Dropdown, Form, Input, Menu, Message, Segment } from 'semantic-ui-react';
import {
  $balance,
  EmptyState,
  formatYuan,
  IntegerInput,
  PageHeader,
  PageSection,
  refreshCounters,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { billingOptions, type ImageView } from '../instances/instance-types';
import { GpuModelCards, type GpuModelStat } from './gpu-model-cards';
import { isStaleQuote, QuoteSummary, useQuote } from '../instances/quote-summary';
import { gpuModelsIn, listRegions, payAndCreate, quoteRent, savedImages, listSystemImages, type Region } from './rent-api';
import { CommunityImageChoice, useCommunityImage } from './community-image-choice';
import { AppTemplateChoice, useAppLaunch } from './app-template-choice';
import './rent.css';

const unitOf: Record<number, string> = { 2: '天', 3: '周', 4: '月' };

/** `/account/suanli/create`: choose region, GPU model and count, billing, image and data disk; see the price; pay. */
export function RentPage({ navigate }: ScreenProps) {
  const balance = useStore($balance);
  const [regions, setRegions] = useState<Region[]>([]);
  const [regionCode, setRegionCode] = useState('');
  const [models, setModels] = useState<GpuModelStat[]>([]);
  const [modelsOfRegion, setModelsOfRegion] = useState('');
  const [gpuModelId, setGpuModelId] = useState<number | null>(null);
  const [gpuCount, setGpuCount] = useState(1);
  const [billingType, setBillingType] = useState(1);
  const [duration, setDuration] = useState(1);
  const [imageTab, setImageTab] = useState<'system' | 'private'>('system');
  const [systemImages, setSystemImages] = useState<ImageView[]>([]);
  const [privateImages, setPrivateImages] = useState<ImageView[]>([]);
  const [imageId, setImageId] = useState<number | null>(null);
  const [dataDiskExtraGb, setDataDiskExtraGb] = useState(0);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  const { busy: paying, submit } = useSubmit();
  const shared = useCommunityImage(regionCode, gpuModelId);
  const launch = useAppLaunch();
  const template = launch.template;

  useEffect(() => {
    void listRegions().then((result) => {
      if (result.code !== 200) return;
      setRegions(result.data);
      setRegionCode(result.data[0]?.regionCode ?? '');
    });
    void listSystemImages().then((result) => {
      if (result.code !== 200) return;
      setSystemImages(result.data);
      const wanted = Number(new URLSearchParams(window.location.search).get('imageId'));
      setImageId(result.data.some((image) => image.id === wanted) ? wanted : (result.data[0]?.id ?? null));
    });
    void savedImages().then((result) => {
      if (result.code === 200) setPrivateImages(result.data.list.filter((image) => image.status === 1));
    });
    void refreshCounters();
  }, []);

  useEffect(() => {
    if (!regionCode) return;
    void gpuModelsIn(regionCode).then((result) => {
      if (result.code !== 200) return;
      setModels(result.data);
      setModelsOfRegion(regionCode);
      const wanted = template && result.data.find((model) => model.gpuModelId === template.gpuModelId);
      const first = wanted || result.data.find((model) => model.freeGpu > 0) || result.data[0];
      setGpuModelId(first?.gpuModelId ?? null);
      setGpuCount(wanted ? template.gpuCount : 1);
    });
  }, [regionCode, template]);

  // An application's template names its region, or any region with free cards of its GPU model.
  const launchedApp = launch.app;
  useEffect(() => {
    const wanted = launchedApp?.template;
    if (!launchedApp || !wanted) return;
    setDataDiskExtraGb(wanted.dataDiskGb);
    setName(launchedApp.name.slice(0, 40));
    if (wanted.regionCode) {
      setRegionCode(wanted.regionCode);
      return;
    }
    void (async () => {
      for (const region of regions) {
        const result = await gpuModelsIn(region.regionCode);
        const model = result.code === 200 ? result.data.find((m) => m.gpuModelId === wanted.gpuModelId) : undefined;
        if (model && model.maxFreePerNode >= wanted.gpuCount) return setRegionCode(region.regionCode);
      }
    })();
  }, [launchedApp, regions]);

  const model = models.find((m) => m.gpuModelId === gpuModelId);
  const choice = gpuModelId ? { regionCode, gpuModelId, gpuCount, billingType, duration, dataDiskExtraGb } : null;
  const { quote, error: quoteError, refresh: requote } = useQuote(choice, quoteRent);

  const chosenImageId = template?.imageId ?? shared.image?.imageId ?? imageId;
  const mismatch = !template
    ? ''
    : gpuModelId !== template.gpuModelId
      ? `所选地区没有该应用需要的 ${template.gpuModelName}，请换一个地区`
      : gpuCount !== template.gpuCount || dataDiskExtraGb < template.dataDiskGb
        ? '所选配置与应用模板不一致'
        : '';
  const pay = async () => {
    if (!choice || !chosenImageId || !quote || shared.blocks || mismatch) return;
    const order = {
      ...choice,
      imageId: chosenImageId,
      quoteToken: quote.quoteToken,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(launch.app ? { appId: launch.app.id } : {}),
    };
    await submit({
      call: async () => {
        const result = await payAndCreate(order);
        if (isStaleQuote(result)) {
          setNotice('价格或余额已变化，已重新报价，请核对金额后再创建');
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

  const maxCount = Math.min(8, model?.maxFreePerNode ?? 0);
  const images = imageTab === 'system' ? systemImages : privateImages;
  const short = quote !== null && !quote.enough;

  return (
    <PageSection className="rc-rent-page">
      <PageHeader />
      <AppTemplateChoice launch={launch} mismatch={mismatch} />
      <Form>
        <Form.Field>
          <label>地区</label>
          <Menu tabular className="rc-region-tabs">
            {regions.map((region) => (
              <Menu.Item
                key={region.regionCode}
                active={region.regionCode === regionCode}
                onClick={() => setRegionCode(region.regionCode)}
                data-region={region.regionCode}
              >
                {region.regionName}
              </Menu.Item>
            ))}
          </Menu>
        </Form.Field>
        <Form.Field>
          <label>GPU型号</label>
          {modelsOfRegion === regionCode && models.length === 0 && <EmptyState>该地区暂无可租用的 GPU</EmptyState>}
          <GpuModelCards
            models={models}
            selected={gpuModelId}
            onSelect={(id) => {
              if (template) return;
              setGpuModelId(id);
              setGpuCount(1);
            }}
          />
        </Form.Field>
        <Form.Field>
          <label>GPU数量</label>
          <Button.Group className="rc-gpu-counts">
            {Array.from({ length: 8 }, (_, index) => index + 1).map((count) => (
              <Button
                key={count}
                type="button"
                active={count === gpuCount}
                disabled={count > maxCount || (template !== null && count !== template.gpuCount)}
                onClick={() => setGpuCount(count)}
                data-count={count}
              >
                {count}
              </Button>
            ))}
          </Button.Group>
          {model ? (
            <small className="rc-muted rc-count-hint">
              单台主机最多可租 {model.maxFreePerNode} 卡 · 每卡 {model.cpuPerGpu} 核CPU、{model.memoryPerGpuGb}GB 内存
            </small>
          ) : null}
        </Form.Field>
        <Form.Group inline>
          <label>计费方式</label>
          {billingOptions.map((option) => (
            <Form.Radio
              key={option.value}
              label={option.text}
              checked={billingType === option.value}
              onChange={() => setBillingType(option.value)}
              data-billing={option.value}
            />
          ))}
          {billingType !== 1 ? (
            <Dropdown
              selection
              compact
              options={Array.from({ length: 12 }, (_, i) => ({ key: i + 1, value: i + 1, text: `${i + 1} ${unitOf[billingType]}` }))}
              value={duration}
              onChange={(_, data) => setDuration(Number(data.value))}
            />
          ) : null}
        </Form.Group>
        <Form.Field>
          <label>镜像</label>
          <CommunityImageChoice shared={shared} />
        </Form.Field>
        <Form.Field className={shared.image || template ? 'rc-hidden' : ''}>
          <Menu secondary size="small">
            <Menu.Item active={imageTab === 'system'} onClick={() => setImageTab('system')}>
              系统镜像
            </Menu.Item>
            <Menu.Item active={imageTab === 'private'} onClick={() => setImageTab('private')}>
              我的镜像
            </Menu.Item>
          </Menu>
          <Dropdown
            selection
            search
            className="rc-image-picker"
            placeholder={images.length ? '选择镜像' : '暂无镜像'}
            options={images.map((image) => ({
              key: image.id,
              value: image.id,
              text: image.name,
              description: `Python ${image.python} · CUDA ${image.cuda} · ${image.os}`,
            }))}
            value={imageId ?? undefined}
            onChange={(_, data) => setImageId(Number(data.value))}
          />
        </Form.Field>
        <Form.Field>
          <label>数据盘扩容（GB）</label>
          <IntegerInput
            min={template?.dataDiskGb ?? 0}
            max={2000}
            value={dataDiskExtraGb}
            onChange={setDataDiskExtraGb}
            label={{ basic: true, content: `免费 ${quote?.freeDataDiskGb ?? 50}GB 之外` }}
            labelPosition="right"
          />
        </Form.Field>
        <Form.Field>
          <label>实例名称（可选）</label>
          <Input value={name} maxLength={40} placeholder="默认按型号自动命名" onChange={(_, data) => setName(data.value)} />
        </Form.Field>
      </Form>
      <Segment className="rc-rent-summary">
        {quote ? (
          billingType === 1 ? (
            <div>
              按量计费 <b className="rc-price rc-hour-price">{formatYuan(quote.hourAmount)}/小时</b>，按秒扣费，关机停止计费；无卡模式{' '}
              {formatYuan(quote.noGpuHourPrice)}/小时。
            </div>
          ) : (
            <div>
              应付 <b className="rc-price">{formatYuan(quote.amount)}</b>（{quote.days} 天），按量计费同等时长{' '}
              {formatYuan(quote.originalAmount)}，节省 {formatYuan(quote.discountAmount)}
            </div>
          )
        ) : (
          <div className="rc-muted">选择配置后显示价格</div>
        )}
        {choice ? <QuoteSummary quote={quote} error={quoteError} notice={notice} /> : null}
        <div className="rc-rent-pay">
          <span className="rc-muted">账户余额 {formatYuan(balance)}</span>
          {short ? (
            <Button basic className="rc-to-recharge" onClick={() => navigate('/account/recharge')}>
              余额不足，去充值
            </Button>
          ) : null}
          <Button
            color="orange"
            size="large"
            loading={paying}
            disabled={paying || !model || model.freeGpu === 0 || !chosenImageId || !quote || shared.blocks || mismatch !== ''}
            onClick={() => void pay()}
            className="rc-pay-button"
          >
            立即创建
          </Button>
        </div>
        {model && model.freeGpu === 0 ? <Message warning content="该型号在此地区暂无空闲GPU，请选择其他型号或地区。" /> : null}
      </Segment>
    </PageSection>
  );
}
