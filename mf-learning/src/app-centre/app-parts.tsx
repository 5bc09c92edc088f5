import { Label, Table } from 'semantic-ui-react';
import type { AppLaunchView, AppTemplateView } from '@rc/api-contract/application/app';

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
        {template.env.length ? (
          <Table.Row>
            <Table.Cell>环境变量</Table.Cell>
            <Table.Cell className="rc-app-env">
              {template.env.map((variable) => (
                <div key={variable.name}>
                  <code>
                    {variable.name}={variable.value}
                  </code>
                </div>
              ))}
            </Table.Cell>
          </Table.Row>
        ) : null}
        <Table.Row>
          <Table.Cell>就绪检查</Table.Cell>
          <Table.Cell className="rc-app-readiness">{readinessText(template)}</Table.Cell>
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

/** The readiness check as a sentence. */
function readinessText(template: AppTemplateView) {
  const check = template.readiness;
  if (!template.startCommand) return '无';
  if (!check) return '启动命令的进程运行即就绪';
  return check.path ? `HTTP 端口 ${check.port} 请求 ${check.path} 有应答` : `TCP 端口 ${check.port} 可连接`;
}

const stateColors = { starting: 'blue', running: 'green', failed: 'red', idle: 'grey' } as const;

/** An application service's state (启动中 / 运行中 / 启动失败 / 未运行), with why it failed and the log's last lines. */
export function ServiceState({ service }: { service: AppLaunchView['service'] }) {
  if (!service) return <span className="rc-muted">—</span>;
  return (
    <div className="rc-service-state" data-state={service.state}>
      <Label size="small" color={stateColors[service.state]} content={service.stateName} />
      {service.restarts > 0 ? <small className="rc-muted"> 已重启 {service.restarts} 次</small> : null}
      {service.reason ? <div className={service.state === 'failed' ? 'rc-app-reason' : 'rc-muted'}>{service.reason}</div> : null}
      {service.logTail.length ? <pre className="rc-app-log-tail">{service.logTail.join('\n')}</pre> : null}
    </div>
  );
}
