import { useState } from 'react';
import { Button, Form, Message, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  useLoaded,
  useSubmit,
  type ScreenProps,
  ModalDialog,
  DialogFormActions,
} from '@rc/shared-utility';
import { deleteChannel, myChannels, myTeacherState, saveChannel, type ChannelView } from './live-api';

type Field = 'name' | 'url';

function ChannelDialog({ channel, close }: { channel: ChannelView | null; close: (changed: boolean) => void }) {
  const [name, setName] = useState(channel?.name ?? '');
  const [platform, setPlatform] = useState(channel?.platform ?? '');
  const [url, setUrl] = useState(channel?.url ?? '');
  const { busy, errors, submit } = useSubmit<Field>();
  return (
    <ModalDialog
      title={channel ? '修改频道' : '添加频道'}
      size="tiny"
      close={() => close(false)}
      className="rc-channel-dialog"
      actions={
        <DialogFormActions
          close={() => close(false)}
          submitText="保存"
          busy={busy}
          onSubmit={() =>
            void submit({
              check: () => ({
                name: name.trim() ? undefined : '请填写频道名称',
                url: /^https?:\/\/\S+$/.test(url.trim()) ? undefined : '链接须为 http:// 或 https:// 开头的网址',
              }),
              call: () => saveChannel({ name: name.trim(), platform: platform.trim(), url: url.trim() }, channel?.id),
              then: () => close(true),
            })
          }
        />
      }
    >
      <Form>
        <Form.Input
          label="频道名称"
          name="name"
          value={name}
          maxLength={40}
          error={errors.name}
          onChange={(_, data) => setName(data.value)}
        />
        <Form.Input
          label="直播平台（选填）"
          name="platform"
          placeholder="如：哔哩哔哩、腾讯会议"
          value={platform}
          maxLength={30}
          onChange={(_, data) => setPlatform(data.value)}
        />
        <Form.Input
          label="直播间链接"
          name="url"
          placeholder="https://"
          value={url}
          maxLength={500}
          error={errors.url}
          onChange={(_, data) => setUrl(data.value)}
        />
      </Form>
    </ModalDialog>
  );
}

function Channels() {
  const channels = useLoaded(myChannels);
  const [editing, setEditing] = useState<ChannelView | null | 'new'>(null);
  const remove = async (channel: ChannelView) => {
    const sure = await dialogs.confirm({
      title: '删除频道',
      content: `删除频道「${channel.name}」？已安排的直播保留各自的链接。`,
      confirmText: '删除',
      danger: true,
    });
    if (sure) await runAction(() => deleteChannel(channel.id), { then: () => channels.reload() });
  };
  return (
    <>
      <Message info size="small" content="频道是你在第三方直播平台的直播间，本平台不提供推流，安排直播时可直接选用频道的链接。" />
      <Button primary icon="add" content="添加频道" className="rc-channel-new" onClick={() => setEditing('new')} />
      <ListState source={channels} isEmpty={(list) => list.length === 0} empty="还没有直播频道">
        {(list) => (
          <Table compact className="rc-channels">
            <Table.Header>
              <Table.Row>
                {['名称', '平台', '直播间链接', '添加时间', '操作'].map((column) => (
                  <Table.HeaderCell key={column}>{column}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((channel) => (
                <Table.Row key={channel.id} data-channel={channel.id}>
                  <Table.Cell>{channel.name}</Table.Cell>
                  <Table.Cell>{channel.platform || '—'}</Table.Cell>
                  <Table.Cell>
                    <a href={channel.url} target="_blank" rel="noopener noreferrer">
                      {channel.url}
                    </a>
                  </Table.Cell>
                  <Table.Cell collapsing>{formatDateTime(channel.createdAt)}</Table.Cell>
                  <Table.Cell collapsing>
                    <Button size="mini" basic content="编辑" onClick={() => setEditing(channel)} />
                    <Button size="mini" basic negative content="删除" onClick={() => void remove(channel)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
      {editing ? (
        <ChannelDialog
          channel={editing === 'new' ? null : editing}
          close={(changed) => {
            setEditing(null);
            if (changed) void channels.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** `/account/channel`: my rooms on external live platforms; non-teachers are sent to apply first. */
export function ChannelPage({ navigate }: ScreenProps) {
  const teacher = useLoaded(myTeacherState);
  return (
    <PageSection className="rc-channel">
      <PageHeader />
      <ListState source={teacher} isEmpty={() => false} empty={null}>
        {(state) =>
          state.isTeacher ? (
            <Channels />
          ) : (
            <Message warning className="rc-channel-not-teacher">
              <Message.Header>直播频道仅供讲师使用</Message.Header>
              <p>请先在讲师中心申请成为讲师。</p>
              <Button primary size="small" content="去申请" onClick={() => navigate('/account/teacher')} />
            </Message>
          )
        }
      </ListState>
    </PageSection>
  );
}
