import { useCallback, useState, type DragEvent } from 'react';
import { Button, Form, Icon, Label, Message, Segment } from 'semantic-ui-react';
import {
  bus,
  dialogs,
  EmptyState,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  uploads,
  useLoaded,
  useUploadsUnderWay,
  statusLabel,
  type ScreenProps,
} from '@rc/shared-utility';
import { AccessoriesPanel } from './accessories-panel';
import { kindNames, PeriodDialog } from './period-dialog';
import {
  attachVideo,
  courseOutline,
  deleteChapter,
  deletePeriod,
  formatDuration,
  queryId,
  renameChapter,
  saveChapter,
  sortChapters,
  sortPeriods,
  statusColors,
  statusNames,
  submitCourse,
  viewMyCourse,
  type OutlineChapter,
  type OutlinePeriod,
} from './teach-api';
import { browserDuration } from '../vod/vod-page';
import { VideoPicker } from './video-picker';
import './teach.css';

const kindIcons = { video: 'video play', document: 'file outline', lab: 'terminal' } as const;

/** The chapter's period ids with `moved` put before `before` (or at the end). */
function reordered(chapter: OutlineChapter, moved: number, before: number | null): number[] {
  const ids = chapter.periods.map((period) => period.id).filter((id) => id !== moved);
  const at = before === null ? ids.length : ids.indexOf(before);
  ids.splice(at < 0 ? ids.length : at, 0, moved);
  return ids;
}

/** The period each video upload started on this page goes to, by upload id. */
const uploadPeriods = new Map<string, number>();

/** Uploads a video through the shared uploader (with the length the browser reads), then shows it in the period once the merge answers its id. */
async function uploadVideoInto(period: OutlinePeriod, file: File, done: () => void) {
  if (!file.type.startsWith('video/')) return bus.emit('toast', { type: 'warning', message: '请选择视频文件' });
  const seconds = await browserDuration(file);
  const id = uploads.add(file, { uploadType: 'video', mergeParams: seconds === null ? {} : { durationSeconds: seconds.toFixed(3) } });
  if (!id) return;
  uploadPeriods.set(id, period.id);
  const stop = bus.on('upload:done', (event) => {
    if (event.id !== id) return;
    stop();
    uploadPeriods.delete(id);
    const videoId = (event.result as { videoId?: number } | null)?.videoId;
    if (videoId) void runAction(() => attachVideo(period.id, videoId), { then: done });
  });
}

function PeriodRow({
  period,
  first,
  last,
  onMove,
  onEdit,
  onPickVideo,
  onChanged,
  onDragStart,
  onDropBefore,
}: {
  period: OutlinePeriod;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onPickVideo: () => void;
  onChanged: () => void;
  onDragStart: () => void;
  onDropBefore: () => void;
}) {
  const sending = useUploadsUnderWay('video', {}).filter((item) => uploadPeriods.get(item.id) === period.id);
  const [over, setOver] = useState(false);
  const remove = async () => {
    const confirmed = await dialogs.confirm({
      title: '删除课时',
      content: `确定删除课时「${period.title}」？`,
      confirmText: '删除',
      danger: true,
    });
    if (confirmed) await runAction(() => deletePeriod(period.id), { then: onChanged });
  };
  return (
    <div
      className={`rc-period-row${over ? ' is-drop-target' : ''}`}
      data-period={period.id}
      draggable
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(period.id));
        onDragStart();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        onDropBefore();
      }}
    >
      <Icon name="bars" className="rc-drag-handle" title="拖动排序" />
      <Icon name={kindIcons[period.kind]} />
      <div className="rc-period-main">
        <span className="rc-period-title">{period.title}</span>
        <Label size="mini" basic content={kindNames[period.kind]} />
        {period.isPreview ? <Label size="mini" color="teal" content="试看" /> : null}
        <div className="rc-muted">
          {period.kind === 'video'
            ? period.videoId
              ? `${period.videoTitle} · ${formatDuration(period.durationSeconds)}`
              : '未关联视频'
            : period.kind === 'lab'
              ? `实验镜像：${period.labImageName}`
              : '图文课时'}
          {sending.map((item) => (
            <span key={item.id} className="rc-period-upload">
              {' '}
              · {item.fileName}：{item.error || statusLabel(item)}
            </span>
          ))}
        </div>
      </div>
      <div className="rc-period-actions">
        {period.kind === 'video' ? (
          <>
            <label className="ui mini basic button rc-upload-video">
              上传视频
              <input
                type="file"
                hidden
                accept="video/*"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void uploadVideoInto(period, file, onChanged);
                }}
              />
            </label>
            <Button size="mini" basic content="选择视频" onClick={onPickVideo} />
          </>
        ) : null}
        <Button size="mini" basic icon="arrow up" title="上移" disabled={first} onClick={() => onMove(-1)} />
        <Button size="mini" basic icon="arrow down" title="下移" disabled={last} onClick={() => onMove(1)} />
        <Button size="mini" basic content="编辑" onClick={onEdit} />
        <Button size="mini" basic negative content="删除" onClick={() => void remove()} />
      </div>
    </div>
  );
}

function ChapterTitle({ chapter, onChanged }: { chapter: OutlineChapter; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(chapter.title);
  if (!editing)
    return (
      <h3 className="rc-chapter-title">
        {chapter.title}
        <Button size="mini" basic icon="pencil" title="重命名" onClick={() => setEditing(true)} />
      </h3>
    );
  return (
    <Form
      className="rc-chapter-rename"
      onSubmit={() => void runAction(() => renameChapter(chapter.id, title), { then: () => (setEditing(false), onChanged()) })}
    >
      <Form.Input size="small" value={title} maxLength={80} onChange={(_, data) => setTitle(String(data.value))} />
      <Button size="small" primary content="保存" />
      <Button size="small" type="button" content="取消" onClick={() => setEditing(false)} />
    </Form>
  );
}

/** `/account/resource/period?id=` (章节管理): chapters and periods of one of my courses, their order, videos and accessories. */
export function CourseOutlinePage({ navigate }: ScreenProps) {
  const [courseId] = useState(queryId);
  const course = useLoaded(useCallback(() => viewMyCourse(courseId ?? 0), [courseId]));
  const outline = useLoaded(useCallback(() => courseOutline(courseId ?? 0), [courseId]));
  const [newChapter, setNewChapter] = useState('');
  const [adding, setAdding] = useState<number | null>(null);
  const [editing, setEditing] = useState<OutlinePeriod | null>(null);
  const [picking, setPicking] = useState<OutlinePeriod | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const reload = () => {
    void outline.reload();
    void course.reload();
  };

  if (!courseId)
    return (
      <PageSection>
        <PageHeader />
        <EmptyState>
          <p>请从课程管理中选择要编排章节的课程。</p>
          <Button primary content="前往课程管理" onClick={() => navigate('/account/resource')} />
        </EmptyState>
      </PageSection>
    );
  if (course.error) return <EmptyState>{course.error}</EmptyState>;

  const chapters = outline.data ?? [];
  const locked = course.data?.status === 2;

  const addChapter = () =>
    runAction(() => saveChapter(courseId, newChapter), {
      then: () => {
        setNewChapter('');
        reload();
      },
    });
  const removeChapter = async (chapter: OutlineChapter) => {
    const confirmed = await dialogs.confirm({
      title: '删除章节',
      content: `确定删除章节「${chapter.title}」？其下 ${chapter.periods.length} 个课时将一并删除。`,
      confirmText: '删除',
      danger: true,
    });
    if (confirmed) await runAction(() => deleteChapter(chapter.id), { then: reload });
  };
  const moveChapter = (index: number, step: -1 | 1) => {
    const ids = chapters.map((chapter) => chapter.id);
    [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
    void runAction(() => sortChapters(courseId, ids), { success: false, then: reload });
  };
  const movePeriod = (chapter: OutlineChapter, index: number, step: -1 | 1) => {
    const ids = chapter.periods.map((period) => period.id);
    [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
    void runAction(() => sortPeriods(chapter.id, ids), { success: false, then: reload });
  };
  const dropInto = (target: OutlineChapter, before: number | null) => {
    const moved = dragged;
    setDragged(null);
    if (moved === null || moved === before) return;
    void runAction(() => sortPeriods(target.id, reordered(target, moved, before)), { success: false, then: reload });
  };
  const submit = () => runAction(() => submitCourse(courseId), { then: () => navigate('/account/resource') });

  return (
    <>
      <PageSection className="rc-teach-outline">
        <PageHeader subject={course.data?.courseName}>
          <div>
            {course.data ? <Label color={statusColors[course.data.status]} content={statusNames[course.data.status]} /> : null}
            <Button basic content="课程信息" onClick={() => navigate(`/account/resource/add?id=${courseId}`)} />
            {course.data && (course.data.status === 0 || course.data.status === 3) ? (
              <Button primary content="提交审核" onClick={() => void submit()} />
            ) : null}
          </div>
        </PageHeader>
        {locked ? <Message info content="课程审核中，审核结束前不能修改章节与课时。" /> : null}
        {course.data?.status === 3 && course.data.reviewNote ? (
          <Message warning header="审核未通过" content={`原因：${course.data.reviewNote}。修改后可再次提交审核。`} />
        ) : null}
        <ListState source={outline} isEmpty={() => false} empty={null}>
          {() => (
            <div className="rc-outline">
              {chapters.length === 0 ? <EmptyState>还没有章节。先添加一个章节，再在章节中添加视频、图文或实验课时。</EmptyState> : null}
              {chapters.map((chapter, chapterIndex) => (
                <Segment key={chapter.id} className="rc-chapter" data-chapter={chapter.id}>
                  <div className="rc-chapter-head">
                    <span className="rc-muted">第 {chapterIndex + 1} 章</span>
                    <ChapterTitle chapter={chapter} onChanged={reload} />
                    <div className="rc-chapter-actions">
                      <Button
                        size="mini"
                        basic
                        icon="arrow up"
                        title="章节上移"
                        disabled={chapterIndex === 0}
                        onClick={() => moveChapter(chapterIndex, -1)}
                      />
                      <Button
                        size="mini"
                        basic
                        icon="arrow down"
                        title="章节下移"
                        disabled={chapterIndex === chapters.length - 1}
                        onClick={() => moveChapter(chapterIndex, 1)}
                      />
                      <Button size="mini" primary basic icon="plus" content="添加课时" onClick={() => setAdding(chapter.id)} />
                      <Button size="mini" basic negative content="删除章节" onClick={() => void removeChapter(chapter)} />
                    </div>
                  </div>
                  <div
                    className="rc-chapter-periods"
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => {
                      event.preventDefault();
                      dropInto(chapter, null);
                    }}
                  >
                    {chapter.periods.length === 0 ? (
                      <div className="rc-muted rc-chapter-empty">暂无课时，可拖动其他章节的课时到这里</div>
                    ) : null}
                    {chapter.periods.map((period, index) => (
                      <PeriodRow
                        key={period.id}
                        period={period}
                        first={index === 0}
                        last={index === chapter.periods.length - 1}
                        onMove={(step) => movePeriod(chapter, index, step)}
                        onEdit={() => setEditing(period)}
                        onPickVideo={() => setPicking(period)}
                        onChanged={reload}
                        onDragStart={() => setDragged(period.id)}
                        onDropBefore={() => dropInto(chapter, period.id)}
                      />
                    ))}
                  </div>
                </Segment>
              ))}
              <Form className="rc-add-chapter" onSubmit={() => void addChapter()}>
                <Form.Group inline>
                  <Form.Input
                    placeholder="新章节名称"
                    maxLength={80}
                    value={newChapter}
                    onChange={(_, data) => setNewChapter(String(data.value))}
                  />
                  <Button primary basic icon="plus" content="添加章节" disabled={!newChapter.trim() || locked} />
                </Form.Group>
              </Form>
            </div>
          )}
        </ListState>
      </PageSection>
      <AccessoriesPanel courseId={courseId} />
      {adding !== null || editing ? (
        <PeriodDialog
          chapterId={adding}
          period={editing}
          close={(changed) => {
            setAdding(null);
            setEditing(null);
            if (changed) reload();
          }}
        />
      ) : null}
      {picking ? (
        <VideoPicker
          period={picking}
          close={(changed) => {
            setPicking(null);
            if (changed) reload();
          }}
        />
      ) : null}
    </>
  );
}
