import { useState } from 'react';
import { Dropdown } from 'semantic-ui-react';
import type { ScreenProps } from '@rc/shared-utility';
import { openInstancePage, webPortCalls, type InstanceWebPort } from './instance-page-api';
import type { InstanceView } from './instance-types';

/** The row's 网页端口 menu: each web port of the instance opened in a new tab, and the way to add and share ports. */
export function WebPortsMenu({ instance, navigate }: { instance: InstanceView; navigate: ScreenProps['navigate'] }) {
  const [ports, setPorts] = useState<InstanceWebPort[] | null>(null);
  const openable = instance.jupyterPort !== null;
  const manage = `/account/instanceManage/webPorts?id=${instance.id}`;
  return (
    <Dropdown
      text="网页端口"
      aria-label="网页端口"
      className="rc-web-ports-menu"
      onOpen={() =>
        void webPortCalls.list(instance.id).then((answer) => {
          if (answer.code === 200) setPorts(answer.data);
        })
      }
    >
      <Dropdown.Menu>
        {ports === null ? <Dropdown.Item disabled text="加载中…" /> : null}
        {(ports ?? []).map((entry) => (
          <Dropdown.Item
            key={entry.port}
            className="rc-web-ports-menu-item"
            data-port={entry.port}
            disabled={!openable}
            icon="external"
            text={`${entry.name}（${entry.port}）`}
            description={openable ? '打开' : ''}
            onClick={() => void openInstancePage(instance.id, entry.port)}
          />
        ))}
        {!openable ? <Dropdown.Header content={instance.jupyterReason} /> : null}
        <Dropdown.Divider />
        <Dropdown.Item icon="setting" text="自定义服务与分享" onClick={() => navigate(manage)} />
      </Dropdown.Menu>
    </Dropdown>
  );
}
