import type { GpuModelStat, Region } from '@rc/api-contract/node/node';
import { usageError } from '../cli-error.js';
import type { Command } from '../command.js';
import { formatYuan, table } from '../output.js';

export const prices: Command = {
  help: `用法：suanli prices [--region <地区编码>]

查看各地区 GPU 型号的单卡价格（按量每小时、包日、包周、包月）和空闲卡数。
租用时用「型号编码」和「地区编码」：suanli instances rent --region <地区编码> --gpu <型号编码>

选项：
  --region <编码>   只看这个地区
  --json            以 JSON 输出 [{ regionCode, regionName, models: [...] }]（金额单位：千分之一元）
  -h, --help        显示帮助`,
  options: { region: { type: 'string' } },
  async run({ values }, context) {
    const api = context.api();
    const regions = await api.get<Region[]>('/node/auth/region/list-enable');
    const chosen = typeof values.region === 'string' ? regions.filter((region) => region.regionCode === values.region) : regions;
    if (chosen.length === 0) throw usageError(`没有地区「${String(values.region)}」，可选：${regions.map((r) => r.regionCode).join('、')}`);
    const priced = await Promise.all(
      chosen.map(async (region) => ({
        ...region,
        models: await api.get<GpuModelStat[]>('/node/auth/deviceType/statistics', { regionCode: region.regionCode }),
      })),
    );
    const text = priced
      .map(({ regionCode, regionName, models }) =>
        [
          `${regionName}（地区编码 ${regionCode}）`,
          table(
            ['型号编码', '型号', '显存', '每卡每小时', '包日', '包周', '包月', '空闲/总卡数'],
            models.map((m) => [
              m.deviceType,
              m.deviceName,
              `${m.memoryGb}GB`,
              formatYuan(m.hourPrice),
              formatYuan(m.dayPrice),
              formatYuan(m.weekPrice),
              formatYuan(m.monthPrice),
              `${m.freeGpu}/${m.totalGpu}`,
            ]),
          ),
        ].join('\n'),
      )
      .join('\n\n');
    return { json: priced, text };
  },
};
