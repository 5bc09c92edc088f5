import { useEffect, useRef, useState } from 'react';
import { Button, Icon, Input, Label, Table } from 'semantic-ui-react';
import {
  bus,
  dialogs,
  formatDateTime,
  formatSize,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  uploads,
  useLoaded,
} from '@rc/shared-utility';
import { deleteVideo, listMyVideos, renameVideo, type MyVideo } from './vod-api';

const states: Record<number, { text: string; color: 'grey' | 'blue' | 'green' | 'red' }> = {
  1: { text: '已存储', color: 'grey' },
  2: { text: '转码中', color: 'blue' },
  3: { text: '可播放', color: 'green' },
  4: { text: '转码失败', color: 'red' },
};

const formatDuration = (seconds: number | null) => {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** The length the browser reads from a video file, sent with the upload for servers without ffprobe; null when it cannot play it. */
export function browserDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/** `/account/vod`: my uploaded videos with their transcoding state and the periods that play them; upload, rename, delete. */
export function VodPage() {
  const videos = useLoaded(listMyVideos);
  const picker = useRef<HTMLInputElement>(null);
  const { reload } = videos;

  useEffect(() => bus.on('upload:done', () => void reload()), [reload]);
  const transcoding = videos.data?.some((video) => video.state === 2) ?? false;
  useEffect(() => {
    if (!transcoding) return;
    const timer = window.setInterval(() => void reload(), 5_000);
    return () => window.clearInterval(timer);
  }, [transcoding, reload]);

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const seconds = await browserDuration(file);
      uploads.add(file, { uploadType: 'video', mergeParams: seconds === null ? {} : { durationSeconds: seconds.toFixed(3) } });
    }
    if (picker.current) picker.current.value = '';
  };

  return (
    <PageSection className="rc-vod">
      <PageHeader>
        <Button primary onClick={() => picker.current?.click()}>
          <Icon name="upload" />
          上传视频
        </Button>
      </PageHeader>
      <input ref={picker} type="file" accept="video/*" multiple hidden onChange={(event) => void upload(event.target.files)} />
      <ListState source={videos} isEmpty={(list) => list.length === 0} empty="还没有上传视频，点击「上传视频」添加课程视频">
        {(list) => (
          <Table celled compact unstackable>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>标题</Table.HeaderCell>
                <Table.HeaderCell>时长</Table.HeaderCell>
                <Table.HeaderCell>状态</Table.HeaderCell>
                <Table.HeaderCell>大小</Table.HeaderCell>
                <Table.HeaderCell>上传时间</Table.HeaderCell>
                <Table.HeaderCell>使用的课时</Table.HeaderCell>
                <Table.HeaderCell>操作</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((video) => (
                <VideoRow key={video.videoId} video={video} reload={reload} />
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}

function VideoRow({ video, reload }: { video: MyVideo; reload: () => Promise<void> }) {
  const [title, setTitle] = useState<string | null>(null);
  const state = states[video.state] ?? states[1]!;
  const save = async () => {
    const text = (title ?? '').trim();
    if (!text) return bus.emit('toast', { type: 'warning', message: '请输入视频标题' });
    await runAction(() => renameVideo(video.videoId, text), { then: () => (setTitle(null), reload()) });
  };
  const remove = async () => {
    const sure = await dialogs.confirm({
      title: '删除视频',
      content: `删除「${video.title}」后不可恢复。确定删除？`,
      confirmText: '删除',
      danger: true,
    });
    if (sure) await runAction(() => deleteVideo(video.videoId), { then: reload });
  };
  return (
    <Table.Row data-video-id={video.videoId}>
      <Table.Cell>
        {title === null ? (
          video.title
        ) : (
          <Input size="small" value={title} maxLength={80} onChange={(_event, { value }) => setTitle(value)} aria-label="视频标题" />
        )}
      </Table.Cell>
      <Table.Cell>{formatDuration(video.durationSeconds)}</Table.Cell>
      <Table.Cell>
        <Label size="small" color={state.color}>
          {state.text}
        </Label>
      </Table.Cell>
      <Table.Cell>{formatSize(video.size)}</Table.Cell>
      <Table.Cell>{formatDateTime(video.createdAt)}</Table.Cell>
      <Table.Cell>
        {video.usedBy.length ? video.usedBy.map((use) => `${use.courseName} · ${use.periodTitle}`).join('；') : '未使用'}
      </Table.Cell>
      <Table.Cell>
        {title === null ? (
          <>
            <Button size="mini" basic onClick={() => setTitle(video.title)}>
              重命名
            </Button>
            <Button size="mini" basic color="red" disabled={video.usedBy.length > 0} onClick={() => void remove()}>
              删除
            </Button>
          </>
        ) : (
          <>
            <Button size="mini" primary onClick={() => void save()}>
              保存
            </Button>
            <Button size="mini" basic onClick={() => setTitle(null)}>
              取消
            </Button>
          </>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
