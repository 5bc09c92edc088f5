import { useCallback } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import { ListState, PageHeader, PageSection, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { listInstances } from '../instances/instance-api';
import { statusColors, type InstanceView } from '../instances/instance-types';
import { SshAccess } from '../instances/ssh-access';
import { SshKeysSection } from './ssh-keys-section';

/** `/account/ssh`: the user's saved public keys, then every instance's SSH command and password in one place. */
export function SshPage({ navigate }: ScreenProps) {
  const instances = useLoaded(useCallback(() => listInstances({ pageNum: 1, pageSize: 100 }, { errorTip: false }), []));
  const row = (instance: InstanceView) => (
    <Table.Row key={instance.id}>
      <Table.Cell>{instance.name}</Table.Cell>
      <Table.Cell>
        <Label size="small" color={statusColors[instance.status]}>
          {instance.statusName}
        </Label>
      </Table.Cell>
      <Table.Cell>
        <SshAccess instance={instance} />
      </Table.Cell>
      <Table.Cell collapsing>
        <Button size="mini" basic onClick={() => navigate(`/account/instanceManage/addSSH?id=${instance.id}`)}>
          登录方式
        </Button>
      </Table.Cell>
    </Table.Row>
  );
  return (
    <PageSection>
      <PageHeader />
      <SshKeysSection />
      <h2 className="rc-section-title">实例登录指令</h2>
      <ListState source={instances} isEmpty={(page) => page.list.length === 0} empty="还没有实例。">
        {(page) => (
          <Table compact>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>实例</Table.HeaderCell>
                <Table.HeaderCell>状态</Table.HeaderCell>
                <Table.HeaderCell>登录指令与密码</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>{page.list.map(row)}</Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}
