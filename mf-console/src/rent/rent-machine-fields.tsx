import type { Dispatch } from 'react';
import { Button, Dropdown, Form, Menu } from 'semantic-ui-react';
import type { AppTemplateView } from '@rc/api-contract/application/app';
import { EmptyState, useEnumOptions } from '@rc/shared-utility';
import { GpuModelCards } from './gpu-model-cards';
import { chosenModel, maxGpuCount, type RentAction, type RentState } from './rent-state';

interface FieldProps {
  state: RentState;
  dispatch: Dispatch<RentAction>;
  /** A deployed application's template fixes the GPU model and count. */
  template: AppTemplateView | null;
}

const unitOf: Record<number, string> = { 2: '天', 3: '周', 4: '月' };

export function RegionField({ state, dispatch }: FieldProps) {
  return (
    <Form.Field>
      <label>地区</label>
      <Menu tabular className="rc-region-tabs">
        {state.regions.map((region) => (
          <Menu.Item
            key={region.regionCode}
            active={region.regionCode === state.regionCode}
            onClick={() => dispatch({ type: 'regionChosen', regionCode: region.regionCode })}
            data-region={region.regionCode}
          >
            {region.regionName}
          </Menu.Item>
        ))}
      </Menu>
    </Form.Field>
  );
}

export function GpuModelField({ state, dispatch, template }: FieldProps) {
  return (
    <Form.Field>
      <label>GPU型号</label>
      {state.modelsOfRegion === state.regionCode && state.models.length === 0 && <EmptyState>该地区暂无可租用的 GPU</EmptyState>}
      <GpuModelCards
        models={state.models}
        selected={state.gpuModelId}
        onSelect={(gpuModelId) => {
          if (!template) dispatch({ type: 'modelChosen', gpuModelId });
        }}
      />
    </Form.Field>
  );
}

export function GpuCountField({ state, dispatch, template }: FieldProps) {
  const model = chosenModel(state);
  const maxCount = maxGpuCount(state);
  return (
    <Form.Field>
      <label>GPU数量</label>
      <Button.Group className="rc-gpu-counts">
        {Array.from({ length: 8 }, (_, index) => index + 1).map((count) => (
          <Button
            key={count}
            type="button"
            active={count === state.gpuCount}
            disabled={count > maxCount || (template !== null && count !== template.gpuCount)}
            onClick={() => dispatch({ type: 'countChosen', gpuCount: count })}
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
  );
}

export function BillingField({ state, dispatch }: FieldProps) {
  const { billingType } = state;
  const billingOptions = useEnumOptions('BillingTypeEnum');
  return (
    <Form.Group inline>
      <label>计费方式</label>
      {billingOptions.map((option) => (
        <Form.Radio
          key={option.value}
          label={option.text}
          checked={billingType === option.value}
          onChange={() => dispatch({ type: 'billingChosen', billingType: option.value })}
          data-billing={option.value}
        />
      ))}
      {billingType !== 1 ? (
        <Dropdown
          selection
          compact
          aria-label="时长"
          options={Array.from({ length: 12 }, (_, i) => ({ key: i + 1, value: i + 1, text: `${i + 1} ${unitOf[billingType]}` }))}
          value={state.duration}
          onChange={(_, data) => dispatch({ type: 'durationChosen', duration: Number(data.value) })}
        />
      ) : null}
    </Form.Group>
  );
}
