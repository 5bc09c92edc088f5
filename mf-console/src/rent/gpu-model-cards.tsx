import { Card, Label } from 'semantic-ui-react';
import type { GpuModelStat } from '@rc/api-contract/node/node';
import { formatMoney } from '@rc/shared-utility';

export type { GpuModelStat };

export function GpuModelCards({
  models,
  selected,
  onSelect,
}: {
  models: GpuModelStat[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <Card.Group itemsPerRow={4} className="rc-gpu-models">
      {models.map((model) => (
        <Card
          key={model.gpuModelId}
          className={model.gpuModelId === selected ? 'rc-gpu-model rc-selected' : 'rc-gpu-model'}
          data-model={model.deviceName}
          onClick={() => onSelect(model.gpuModelId)}
        >
          <Card.Content>
            <Card.Header>{model.deviceName}</Card.Header>
            <Card.Meta>
              显存 {model.memoryGb}GB · {model.cpuPerGpu}核/{model.memoryPerGpuGb}GB 每卡
            </Card.Meta>
            <Card.Description>
              <span className="rc-price">¥{formatMoney(model.hourPrice)}</span>/卡/小时
              <div className="rc-muted">包日 ¥{formatMoney(model.dayPrice)}/卡</div>
            </Card.Description>
          </Card.Content>
          <Card.Content extra>
            <Label size="small" color={model.freeGpu > 0 ? 'green' : 'grey'} className="rc-free-gpus">
              空闲 {model.freeGpu}/{model.totalGpu} 卡
            </Label>
          </Card.Content>
        </Card>
      ))}
    </Card.Group>
  );
}
