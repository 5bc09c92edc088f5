import type { GpuModelStat, Region } from '@rc/api-contract/node/node';
import type { ImageView } from '@rc/api-contract/image/image';
import type { OrderConfiguration, PaidOrder, RentQuote } from '@rc/api-contract/user/order';
import type { ApiClient } from '../api-client.js';
import { CliError, exitCodes, usageError } from '../cli-error.js';
import { confirm, wholeNumber, type Command, type Parsed } from '../command.js';
import { instanceLine, statusCodes, waitForStatus } from '../instance-views.js';
import { formatYuan } from '../output.js';

/** BillingTypeEnum: the words the command takes for it. */
const billingTypes = {
  hour: { code: 1, name: '按量计费' },
  day: { code: 2, name: '包日' },
  week: { code: 3, name: '包周' },
  month: { code: 4, name: '包月' },
};
type Billing = keyof typeof billingTypes;

export const rent: Command = {
  help: `用法：suanli instances rent --gpu <型号编码> [选项]

租用一台实例：先向服务器询价，显示价格和所租配置，确认后付款并创建。
在终端中会询问确认；脚本中须加 --yes，否则拒绝执行。型号编码、地区编码见 suanli prices。

选项：
  --gpu <型号>          GPU 型号编码（如 rtx4090）或型号名称
  --region <地区编码>   地区；默认为第一个有足够空闲卡的地区
  --count <数量>        GPU 数量，默认 1
  --billing <方式>      hour 按量计费（默认）、day 包日、week 包周、month 包月
  --duration <数量>     包日/包周/包月的购买时长，默认 1
  --image <镜像ID>      镜像，默认第一个系统镜像
  --name <名称>         实例名称
  --disk <GB>           数据盘扩容（GB）
  --yes                 不询问，直接确认
  --wait                等到实例运行中后再返回
  --json                以 JSON 输出 { quote, order }（金额单位：千分之一元）
  -h, --help            显示帮助`,
  options: {
    gpu: { type: 'string' },
    region: { type: 'string' },
    count: { type: 'string' },
    billing: { type: 'string' },
    duration: { type: 'string' },
    image: { type: 'string' },
    name: { type: 'string' },
    disk: { type: 'string' },
    yes: { type: 'boolean' },
    wait: { type: 'boolean' },
  },
  async run(parsed, context) {
    const api = context.api();
    const wanted = wantedMachine(parsed);
    const { region, model } = await placeFor(api, wanted.gpu, wanted.gpuCount, parsed.values.region as string | undefined);
    const image = await imageFor(api, parsed.values.image as string | undefined);
    const order: OrderConfiguration = {
      regionCode: region.regionCode,
      gpuModelId: model.gpuModelId,
      gpuCount: wanted.gpuCount,
      billingType: billingTypes[wanted.billing].code,
      ...(wanted.duration ? { duration: wanted.duration } : {}),
      ...(wanted.dataDiskExtraGb ? { dataDiskExtraGb: wanted.dataDiskExtraGb } : {}),
    };
    const quote = await api.post<RentQuote>('/user/auth/order/price/preview', order);
    const summary = quoteText({ region, model, image, billing: wanted.billing, gpuCount: wanted.gpuCount, quote });
    if (!context.json) process.stdout.write(`${summary}\n`);
    if (!(await confirm(parsed, '确认租用'))) throw new CliError(exitCodes.refused, '已取消，未租用');
    const name = parsed.values.name as string | undefined;
    const paid = await api.post<PaidOrder>('/user/auth/order/info/pay', {
      ...order,
      imageId: image.id,
      ...(name ? { name } : {}),
      quoteToken: quote.quoteToken,
    });
    const instance = parsed.values.wait
      ? ((await waitForStatus(api, paid.instance.id, statusCodes.running)) ?? paid.instance)
      : paid.instance;
    return {
      json: { quote, order: { ...paid, instance } },
      text: `已租用，订单号 ${paid.orderNo}，已支付 ${formatYuan(paid.amount)}\n${instanceLine(instance)}`,
    };
  },
};

function wantedMachine({ values }: Parsed) {
  if (typeof values.gpu !== 'string') throw usageError('缺少 --gpu <型号编码>（可选型号见 suanli prices）');
  const billing = (values.billing ?? 'hour') as string;
  if (!(billing in billingTypes)) throw usageError(`计费方式须为 hour、day、week 或 month：${billing}`);
  const isPackage = billing !== 'hour';
  if (values.duration !== undefined && !isPackage) throw usageError('--duration 只用于包日、包周、包月');
  return {
    gpu: values.gpu,
    gpuCount: values.count === undefined ? 1 : wholeNumber(values.count, 'GPU 数量'),
    billing: billing as Billing,
    duration: isPackage ? (values.duration === undefined ? 1 : wholeNumber(values.duration, '购买时长')) : undefined,
    dataDiskExtraGb: values.disk === undefined ? undefined : wholeNumber(values.disk, '数据盘扩容'),
  };
}

/** The region asked for (or the first with enough free cards of the model) and the model there. */
async function placeFor(api: ApiClient, gpu: string, gpuCount: number, regionCode: string | undefined) {
  const regions = await api.get<Region[]>('/node/auth/region/list-enable');
  const candidates = regionCode === undefined ? regions : regions.filter((region) => region.regionCode === regionCode);
  if (candidates.length === 0) throw usageError(`没有地区「${regionCode}」，可选：${regions.map((r) => r.regionCode).join('、')}`);
  const matches = (model: GpuModelStat) => [model.deviceType, model.deviceName].some((name) => name.toLowerCase() === gpu.toLowerCase());
  let offered: { region: Region; model: GpuModelStat } | null = null;
  for (const region of candidates) {
    const model = (await api.get<GpuModelStat[]>('/node/auth/deviceType/statistics', { regionCode: region.regionCode })).find(matches);
    if (!model) continue;
    if (model.maxFreePerNode >= gpuCount || regionCode !== undefined) return { region, model };
    offered ??= { region, model };
  }
  // No region has the cards free: the server's own refusal says so in its words.
  if (offered) return offered;
  throw usageError(`${regionCode ? `地区「${regionCode}」` : '各地区'}没有 GPU 型号「${gpu}」（可选型号见 suanli prices）`);
}

async function imageFor(api: ApiClient, imageId: string | undefined): Promise<Pick<ImageView, 'id' | 'name'>> {
  const systemImages = await api.get<ImageView[]>('/image/auth/allSys');
  if (imageId === undefined) {
    const first = systemImages[0];
    if (!first) throw new CliError(exitCodes.refused, '服务器没有可用的系统镜像，请用 --image 指定镜像');
    return first;
  }
  const id = wholeNumber(imageId, '镜像ID');
  return systemImages.find((image) => image.id === id) ?? { id, name: `镜像 ${id}` };
}

function quoteText(o: {
  region: Region;
  model: GpuModelStat;
  image: Pick<ImageView, 'name'>;
  billing: Billing;
  gpuCount: number;
  quote: RentQuote;
}): string {
  const { quote } = o;
  const lines = [
    '租用配置：',
    `  地区：${o.region.regionName}（${o.region.regionCode}）`,
    `  GPU：${o.model.deviceName} × ${o.gpuCount}（每卡 ${o.model.cpuPerGpu} 核 CPU、${o.model.memoryPerGpuGb}GB 内存）`,
    `  镜像：${o.image.name}`,
    `  计费方式：${billingTypes[o.billing].name}${quote.days ? `，${quote.days} 天` : ''}`,
    '报价：',
    `  单价：${formatYuan(quote.unitPrice)}/${quote.unitName}`,
    ...quote.items.map((item) => `  ${item.name}：${formatYuan(item.amount)}`),
    `  应付金额：${formatYuan(quote.amount)}${o.billing === 'hour' ? '（按量计费，开机后按秒扣费）' : ''}`,
    `  当前余额：${formatYuan(quote.balance)}，确认后余额：${formatYuan(quote.balanceAfter)}${quote.paidByMainAccount ? '（由主账号付款）' : ''}`,
    ...(quote.enough ? [] : ['  余额不足，请先充值']),
  ];
  return lines.join('\n');
}
