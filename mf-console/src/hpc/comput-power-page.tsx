import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { Label, Table } from 'semantic-ui-react';
import {
  $userGuide,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  useLoaded,
  type ApiResult,
  type ScreenProps,
} from '@rc/shared-utility';
import { gpuModelsIn, gpuRegions, listPartitions, type GpuModelStat, type HpcPartitionView } from './hpc-api';
import { allOf, LinkButton, PartitionState, UsageBar, useRefreshWhileVisible, UserGuide } from './hpc-parts';
import './hpc.css';

const refreshMs = 15_000;

const guideSteps = [
  { title: '看空闲资源', text: '超算分区的空闲核数，智算的空闲GPU' },
  { title: '选择算力', text: '批处理选超算分区，交互训练租GPU实例' },
  { title: '提交或租用', text: '超算提交作业，智算创建实例' },
  { title: '查看账单', text: '超算按核时、智算按卡时计费' },
] as const;

type GpuStock = GpuModelStat & { regionCode: string; regionName: string };

/** Every region's GPU models with their free cards. */
async function gpuStock(): Promise<ApiResult<GpuStock[]>> {
  const regions = await gpuRegions();
  if (regions.code !== 200) return { ...regions, data: [] };
  const models = await allOf(regions.data.map((region) => gpuModelsIn(region.regionCode)));
  if (models.code !== 200) return { ...models, data: [] };
  return {
    ...models,
    data: regions.data.flatMap((region, index) => (models.data[index] ?? []).map((model) => ({ ...model, ...region }))),
  };
}

function PartitionTable({ partitions, navigate }: { partitions: HpcPartitionView[]; navigate: ScreenProps['navigate'] }) {
  return (
    <Table compact unstackable className="rc-hpc-partitions">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>集群 / 分区</Table.HeaderCell>
          <Table.HeaderCell>状态</Table.HeaderCell>
          <Table.HeaderCell width={4}>CPU</Table.HeaderCell>
          <Table.HeaderCell width={4}>GPU</Table.HeaderCell>
          <Table.HeaderCell>价格</Table.HeaderCell>
          <Table.HeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {partitions.map((partition) => (
          <Table.Row key={partition.id} className="rc-hpc-partition" data-partition={partition.name} data-cluster={partition.clusterName}>
            <Table.Cell>
              <div>
                {partition.clusterName} / <b>{partition.title}</b> <span className="rc-muted">{partition.name}</span>
                {partition.isDefault ? <Label size="mini" color="blue" content="默认" /> : null}
              </div>
              <div className="rc-muted rc-hpc-description">{partition.description}</div>
            </Table.Cell>
            <Table.Cell>
              <PartitionState state={partition.state} reachable={partition.reachable} />
            </Table.Cell>
            <Table.Cell>
              <UsageBar
                label="占用"
                className="rc-hpc-cpu-bar"
                used={partition.allocatedCpus}
                total={partition.totalCpus}
                text={`空闲 ${partition.totalCpus - partition.allocatedCpus} / ${partition.totalCpus} 核`}
              />
            </Table.Cell>
            <Table.Cell>
              {partition.totalGpus > 0 ? (
                <UsageBar
                  label="占用"
                  className="rc-hpc-gpu-bar"
                  used={partition.allocatedGpus}
                  total={partition.totalGpus}
                  text={`空闲 ${partition.totalGpus - partition.allocatedGpus} / ${partition.totalGpus} 卡`}
                />
              ) : (
                <span className="rc-muted">无GPU</span>
              )}
            </Table.Cell>
            <Table.Cell className="rc-hpc-price">
              <div>{formatYuan(partition.coreHourPrice)}/核时</div>
              {partition.gpuHourPrice > 0 ? <div>{formatYuan(partition.gpuHourPrice)}/卡时</div> : null}
            </Table.Cell>
            <Table.Cell collapsing>
              <LinkButton
                primary
                to={`/account/workList?clusterId=${partition.clusterId}&partition=${encodeURIComponent(partition.name)}`}
                navigate={navigate}
              >
                提交作业
              </LinkButton>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

function GpuTable({ stock, navigate }: { stock: GpuStock[]; navigate: ScreenProps['navigate'] }) {
  return (
    <Table compact unstackable className="rc-hpc-gpu-stock">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>地区</Table.HeaderCell>
          <Table.HeaderCell>GPU型号</Table.HeaderCell>
          <Table.HeaderCell width={5}>GPU</Table.HeaderCell>
          <Table.HeaderCell>价格</Table.HeaderCell>
          <Table.HeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {stock.map((model) => (
          <Table.Row key={`${model.regionCode}-${model.gpuModelId}`} data-region={model.regionCode} data-model={model.deviceName}>
            <Table.Cell>{model.regionName}</Table.Cell>
            <Table.Cell>
              <b>{model.deviceName}</b>
              <div className="rc-muted">
                显存 {model.memoryGb}GB · {model.nodeCount} 台主机
              </div>
            </Table.Cell>
            <Table.Cell>
              <UsageBar
                label="占用"
                used={model.totalGpu - model.freeGpu}
                total={model.totalGpu}
                text={`空闲 ${model.freeGpu} / ${model.totalGpu} 卡`}
              />
            </Table.Cell>
            <Table.Cell className="rc-hpc-price">{formatYuan(model.hourPrice)}/卡/小时</Table.Cell>
            <Table.Cell collapsing>
              <LinkButton primary={model.freeGpu > 0} to="/account/suanli/create" navigate={navigate}>
                租用
              </LinkButton>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/** `/account/computPower` (算力资源): each HPC partition's free and busy cores and GPUs, and the GPU pool by region; refreshed while shown. */
export function ComputPowerPage({ navigate }: ScreenProps) {
  const partitions = useLoaded(useCallback(() => listPartitions(), []));
  const gpus = useLoaded(useCallback(() => gpuStock(), []));
  const guide = useStore($userGuide);
  const { reload: reloadPartitions } = partitions;
  const { reload: reloadGpus } = gpus;
  const reload = useCallback(() => Promise.all([reloadPartitions(), reloadGpus()]), [reloadPartitions, reloadGpus]);
  useRefreshWhileVisible(reload, refreshMs);
  return (
    <div className="rc-hpc rc-comput-power">
      <PageSection>
        <PageHeader />
        {guide.computerPower ? null : (
          <UserGuide
            title="超算与智算两种算力，按需选用"
            steps={guideSteps}
            current={0}
            onDismiss={() => $userGuide.set({ ...guide, computerPower: true })}
          />
        )}
        <h2 className="rc-section-title rc-hpc-subtitle">超算分区</h2>
        <ListState source={partitions} isEmpty={(list) => list.length === 0} empty="暂无可用的超算分区">
          {(list) => <PartitionTable partitions={list} navigate={navigate} />}
        </ListState>
        <p className="rc-muted rc-hpc-note">每 15 秒自动刷新。</p>
      </PageSection>
      <PageSection title="智算 GPU">
        <ListState source={gpus} isEmpty={(list) => list.length === 0} empty="暂无可租用的GPU">
          {(list) => <GpuTable stock={list} navigate={navigate} />}
        </ListState>
      </PageSection>
    </div>
  );
}
