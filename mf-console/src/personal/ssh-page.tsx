import type { ScreenProps } from '@rc/shared-utility';
import { useEffect, useState } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import { listInstances } from '../instances/instance-api';
import { statusColors, type InstanceView } from '../instances/instance-types';
import { SshAccess } from '../instances/ssh-access';

/** `/account/ssh`: every instance's SSH command and password in one place. */
export function SshPage({ navigate }: ScreenProps) {
  const [instances, setInstances] = useState<InstanceView[]>([]);
  useEffect(() => {
    void listInstances({ pageNum: 1, pageSize: 100 }).then((result) => result.code === 200 && setInstances(result.data.list));
  }, []);
  return (
    <section className="rc-page">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">SSH 登录</h1>
          <p className="rc-page-purpose">用户名均为 root，密码点击眼睛图标查看。实例开机后即可登录。</p>
        </div>
      </div>
      <Table compact>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>实例</Table.HeaderCell>
            <Table.HeaderCell>状态</Table.HeaderCell>
            <Table.HeaderCell>登录指令与密码</Table.HeaderCell>
            <Table.HeaderCell>操作</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {instances.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={4} className="rc-muted">
                还没有实例。
              </Table.Cell>
            </Table.Row>
          ) : null}
          {instances.map((instance) => (
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
              <Table.Cell>
                <Button size="mini" basic onClick={() => navigate(`/account/instanceManage/addSSH?id=${instance.id}`)}>
                  添加公钥
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </section>
  );
}
