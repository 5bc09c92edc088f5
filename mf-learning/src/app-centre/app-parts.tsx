import { Label, Table } from 'semantic-ui-react';
import type { AppTemplateView } from '@rc/api-contract/application/app';

/** The application's icon: its first character on a coloured tile (applications carry no uploaded icon yet). */
export function AppIcon({ name, size = 48 }: { name: string; size?: number }) {
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <div
      className="rc-app-icon"
      aria-hidden
      style={{ width: size, height: size, lineHeight: `${size}px`, background: `hsl(${hue} 55% 45%)`, fontSize: size / 2.2 }}
    >
      {[...name][0]?.toUpperCase() ?? '应'}
    </div>
  );
}

/** The instance an application rents, as a definition table. */
export function TemplateTable({ template }: { template: AppTemplateView }) {
  return (
    <Table definition compact className="rc-app-template">
      <Table.Body>
        <Table.Row>
          <Table.Cell width={3}>镜像</Table.Cell>
          <Table.Cell>
            {template.imageName} <span className="rc-muted">CUDA {template.imageCuda}</span>
          </Table.Cell>
        </Table.Row>
        <Table.Row>
          <Table.Cell>GPU</Table.Cell>
          <Table.Cell className="rc-app-gpu">
            {template.gpuModelName} × {template.gpuCount}
          </Table.Cell>
        </Table.Row>
        <Table.Row>
          <Table.Cell>地区</Table.Cell>
          <Table.Cell>{template.regionName}</Table.Cell>
        </Table.Row>
        <Table.Row>
          <Table.Cell>数据盘扩容</Table.Cell>
          <Table.Cell>{template.dataDiskGb} GB</Table.Cell>
        </Table.Row>
        <Table.Row>
          <Table.Cell>端口</Table.Cell>
          <Table.Cell>
            <PortLabels ports={template.ports} />
          </Table.Cell>
        </Table.Row>
        <Table.Row>
          <Table.Cell>启动命令</Table.Cell>
          <Table.Cell>{template.startCommand ? <code className="rc-app-command">{template.startCommand}</code> : '无'}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table>
  );
}

export function PortLabels({ ports }: { ports: AppTemplateView['ports'] }) {
  if (ports.length === 0) return <span className="rc-muted">无</span>;
  return (
    <>
      {ports.map((port) => (
        <Label key={port.port} size="small" className="rc-app-port">
          {port.name}
          <Label.Detail>
            {port.port}/{port.protocol}
          </Label.Detail>
        </Label>
      ))}
    </>
  );
}
