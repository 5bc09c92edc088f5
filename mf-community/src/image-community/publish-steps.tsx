import { Step } from 'semantic-ui-react';

const steps = ['选择镜像', '填写说明', '标签与配置'];

/** Where the publishing is: 1 pick the image, 2 describe it, 3 tags, CUDA, ports and cover. */
export function PublishSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <Step.Group ordered size="small" className="rc-publish-steps">
      {steps.map((title, index) => (
        <Step key={title} active={index + 1 === current} completed={index + 1 < current}>
          <Step.Content>
            <Step.Title>{title}</Step.Title>
          </Step.Content>
        </Step>
      ))}
    </Step.Group>
  );
}
