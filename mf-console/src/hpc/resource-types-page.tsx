import { useCallback } from 'react';
import { Label, Table } from 'semantic-ui-react';
import { formatYuan, ListState, PageHeader, PageSection, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { listPartitions, type HpcPartitionView } from './hpc-api';
import { formatMemory, formatMinutes, LinkButton } from './hpc-parts';
import './hpc.css';

/** What one node of the partition has: its single-job limits span all its nodes. */
const perNode = (partition: HpcPartitionView, amount: number) => Math.floor(amount / Math.max(1, partition.maxNodes));

/** `/account/superPower/enmu` (超算资源类型): each cluster's partitions — node spec, single-job limits, longest run and prices. */
export function ResourceTypesPage({ navigate }: ScreenProps) {
  const partitions = useLoaded(useCallback(() => listPartitions(), []));
  return (
    <PageSection className="rc-hpc rc-resource-types">
      <PageHeader>
        <LinkButton to="/account/superPower" navigate={navigate}>
          购买核时包
        </LinkButton>
      </PageHeader>
      <ListState source={partitions} isEmpty={(list) => list.length === 0} empty="暂无可用的超算分区">
        {(list) => (
          <Table compact celled unstackable className="rc-hpc-resource-types">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell rowSpan={2}>集群</Table.HeaderCell>
                <Table.HeaderCell rowSpan={2}>分区</Table.HeaderCell>
                <Table.HeaderCell colSpan={3} textAlign="center">
                  每节点规格
                </Table.HeaderCell>
                <Table.HeaderCell colSpan={4} textAlign="center">
                  单作业上限
                </Table.HeaderCell>
                <Table.HeaderCell rowSpan={2}>最长运行</Table.HeaderCell>
                <Table.HeaderCell rowSpan={2}>价格</Table.HeaderCell>
              </Table.Row>
              <Table.Row>
                <Table.HeaderCell>CPU</Table.HeaderCell>
                <Table.HeaderCell>GPU</Table.HeaderCell>
                <Table.HeaderCell>内存</Table.HeaderCell>
                <Table.HeaderCell>节点</Table.HeaderCell>
                <Table.HeaderCell>CPU</Table.HeaderCell>
                <Table.HeaderCell>GPU</Table.HeaderCell>
                <Table.HeaderCell>内存</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((partition) => (
                <Table.Row key={partition.id} data-partition={partition.name} data-cluster={partition.clusterName}>
                  <Table.Cell>{partition.clusterName}</Table.Cell>
                  <Table.Cell className="rc-hpc-partition-cell">
                    <b>{partition.title}</b> <span className="rc-muted">{partition.name}</span>
                    {partition.isDefault ? <Label size="mini" color="blue" className="rc-hpc-default" content="默认" /> : null}
                    <div className="rc-muted rc-hpc-description">{partition.description}</div>
                  </Table.Cell>
                  <Table.Cell>{perNode(partition, partition.maxCpusPerJob)} 核</Table.Cell>
                  <Table.Cell>{partition.maxGpusPerJob ? `${perNode(partition, partition.maxGpusPerJob)} 卡` : '—'}</Table.Cell>
                  <Table.Cell>{formatMemory(perNode(partition, partition.maxMemoryMbPerJob))}</Table.Cell>
                  <Table.Cell>{partition.maxNodes}</Table.Cell>
                  <Table.Cell>{partition.maxCpusPerJob} 核</Table.Cell>
                  <Table.Cell>{partition.maxGpusPerJob ? `${partition.maxGpusPerJob} 卡` : '—'}</Table.Cell>
                  <Table.Cell>{formatMemory(partition.maxMemoryMbPerJob)}</Table.Cell>
                  <Table.Cell>{formatMinutes(partition.maxTimeMinutes)}</Table.Cell>
                  <Table.Cell className="rc-hpc-price">
                    <div>{formatYuan(partition.coreHourPrice)}/核时</div>
                    {partition.gpuHourPrice > 0 ? <div>{formatYuan(partition.gpuHourPrice)}/卡时</div> : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
      <p className="rc-muted rc-hpc-note">提交作业时未指定分区则使用标有「默认」的分区；超出单作业上限的作业会在提交时被拒绝。</p>
    </PageSection>
  );
}
