import { useState } from 'react';
import { Form } from 'semantic-ui-react';
import { useLoaded, useSubmit, ModalDialog, DialogFormActions } from '@rc/shared-utility';
import { liveCourses, myChannels, saveLive, type LiveView } from './live-api';
import { fromLocalInput, toLocalInput } from './live-times';

type Field = 'courseId' | 'title' | 'startsAt' | 'endsAt' | 'url';

/** Schedules a session of one of my courses, or edits one: the room is a link, typed or taken from one of my channels. */
export function LiveDialog({ live, close }: { live: LiveView | null; close: (changed: boolean) => void }) {
  const courses = useLoaded(liveCourses);
  const channels = useLoaded(myChannels);
  const [courseId, setCourseId] = useState<number | null>(live?.courseId ?? null);
  const [title, setTitle] = useState(live?.title ?? '');
  const [startsAt, setStartsAt] = useState(live ? toLocalInput(live.startsAt) : '');
  const [endsAt, setEndsAt] = useState(live ? toLocalInput(live.endsAt) : '');
  const [channelId, setChannelId] = useState<number | null>(live?.channelId ?? null);
  const [url, setUrl] = useState(live && !live.channelId ? live.url : '');
  const { busy, errors, submit } = useSubmit<Field>();
  const check = () => {
    const start = fromLocalInput(startsAt);
    const end = fromLocalInput(endsAt);
    return {
      courseId: courseId ? undefined : '请选择课程',
      title: title.trim() ? undefined : '请填写直播标题',
      startsAt: start ? undefined : '请选择开始时间',
      endsAt: !end ? '请选择结束时间' : start && end <= start ? '结束时间须晚于开始时间' : undefined,
      url:
        url.trim() || channelId
          ? url.trim() && !/^https?:\/\/\S+$/.test(url.trim())
            ? '链接须为 http:// 或 https:// 开头的网址'
            : undefined
          : '请填写直播链接或选择直播频道',
    };
  };
  return (
    <ModalDialog
      title={live ? '修改直播' : '安排直播'}
      size="small"
      close={() => close(false)}
      className="rc-live-dialog"
      actions={
        <DialogFormActions
          close={() => close(false)}
          submitText="保存"
          busy={busy}
          onSubmit={() =>
            void submit({
              check,
              call: () =>
                saveLive(
                  {
                    courseId: courseId!,
                    title: title.trim(),
                    startsAt: fromLocalInput(startsAt)!,
                    endsAt: fromLocalInput(endsAt)!,
                    url: url.trim(),
                    channelId,
                  },
                  live?.id,
                ),
              then: () => close(true),
            })
          }
        />
      }
    >
      <Form>
        <Form.Dropdown
          label="课程"
          name="courseId"
          selection
          placeholder={courses.data?.length === 0 ? '还没有课程，请先在课程管理中创建' : '选择课程'}
          loading={courses.data === undefined && !courses.error}
          options={(courses.data ?? []).map((course) => ({ key: course.id, value: course.id, text: course.courseName }))}
          value={courseId ?? ''}
          error={errors.courseId}
          onChange={(_, data) => setCourseId(Number(data.value) || null)}
        />
        <Form.Input
          label="直播标题"
          name="title"
          value={title}
          maxLength={80}
          error={errors.title}
          onChange={(_, data) => setTitle(data.value)}
        />
        <Form.Group widths="equal">
          <Form.Input
            label="开始时间"
            name="startsAt"
            type="datetime-local"
            value={startsAt}
            error={errors.startsAt}
            onChange={(_, data) => setStartsAt(data.value)}
          />
          <Form.Input
            label="结束时间"
            name="endsAt"
            type="datetime-local"
            value={endsAt}
            error={errors.endsAt}
            onChange={(_, data) => setEndsAt(data.value)}
          />
        </Form.Group>
        <Form.Dropdown
          label="直播频道（选填）"
          name="channelId"
          selection
          clearable
          placeholder={channels.data?.length === 0 ? '还没有频道，可在「直播频道」中添加' : '不使用频道'}
          options={(channels.data ?? []).map((channel) => ({
            key: channel.id,
            value: channel.id,
            text: channel.platform ? `${channel.name}（${channel.platform}）` : channel.name,
          }))}
          value={channelId ?? ''}
          onChange={(_, data) => setChannelId(Number(data.value) || null)}
        />
        <Form.Input
          label="直播链接（选择频道时可不填，使用频道的链接）"
          name="url"
          placeholder="https://"
          value={url}
          maxLength={500}
          error={errors.url}
          onChange={(_, data) => setUrl(data.value)}
        />
        <p className="rc-muted">直播在第三方平台进行，本平台只保存直播间链接，安排后会以站内消息通知已报名的学员。</p>
      </Form>
    </ModalDialog>
  );
}
