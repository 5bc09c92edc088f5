import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Form, Icon, Message } from 'semantic-ui-react';
import { bus, EmptyState, FieldError, LoadingState, requiredError, useLoaded, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { listCategories, listLabels, myBlog, saveBlog, updateBlog, uploadBlogImage, type BlogFields } from './blog-api';
import { previewMarkdown } from '../markdown-preview-api';
import { forgetLocalDraft, readLocalDraft, useDraftAutosave } from './draft-autosave';
import { MarkdownEditor, notAnImage, type TextUpdate } from './markdown-editor';
import '../community.css';

const emptyFields: BlogFields = { title: '', summary: '', content: '', categoryId: null, labelIds: [], coverUrl: '' };
const maxLabels = 5;
const editedId = () => Number(new URLSearchParams(window.location.search).get('id')) || null;

type Field = 'title' | 'content';

const preview = async (markdown: string) => {
  const result = await previewMarkdown(markdown);
  return result.code === 200 ? result.data.html : null;
};
const uploadImage = async (file: File) => {
  const result = await uploadBlogImage(file);
  return result.code === 200 ? result.data.url : null;
};
const createDraft = async (fields: BlogFields) => {
  const result = await saveBlog(fields, 0);
  return result.code === 200 ? result.data.id : null;
};
const updateDraft = async (id: number, fields: BlogFields) => (await updateBlog(id, fields, 0)).code === 200;

/** `/blog/account/write` (`?id=` edits a post): Markdown with live preview, saved as a draft while typing, then published. */
export function BlogWritePage({ navigate }: ScreenProps) {
  const [postId] = useState(editedId);
  const [unsaved] = useState(() => {
    const local = readLocalDraft();
    return local && (postId ? local.id === postId : !local.published) ? local : null;
  });
  const [fields, setFields] = useState<BlogFields | null>(() => (postId ? null : (unsaved?.fields ?? emptyFields)));
  const [draftId, setDraftId] = useState<number | null>(() => postId ?? unsaved?.id ?? null);
  const [heldNote, setHeldNote] = useState<string | null>(null);
  const [published, setPublished] = useState(false);
  const [notEditable, setNotEditable] = useState(false);
  const labels = useLoaded(listLabels);
  const categories = useLoaded(listCategories);
  const { busy, errors, submit } = useSubmit<Field>();

  useEffect(() => {
    if (!postId) return;
    void myBlog(postId).then((result) => {
      if (result.code !== 200) return setNotEditable(true);
      const post = result.data;
      setFields(
        unsaved
          ? unsaved.fields
          : {
              title: post.title,
              summary: post.summary,
              content: post.contentMd,
              categoryId: post.categoryId,
              labelIds: post.labelList.map((label) => label.labelNo),
              coverUrl: post.coverUrl,
            },
      );
      setDraftId(postId);
      setPublished(post.status !== 0);
    });
  }, [postId, unsaved]);

  const autosave = useDraftAutosave(fields ?? emptyFields, {
    id: draftId,
    create: createDraft,
    update: updateDraft,
    enabled: fields !== null,
    toServer: !published,
  });
  const set = <K extends keyof BlogFields>(key: K, value: BlogFields[K]) => setFields((current) => current && { ...current, [key]: value });
  const setContent: TextUpdate = useCallback(
    (update) => setFields((current) => current && { ...current, content: update(current.content) }),
    [],
  );

  const labelOptions = useMemo(
    () => (labels.data ?? []).map((label) => ({ key: label.labelNo, value: label.labelNo, text: label.labelName })),
    [labels.data],
  );

  const uploadCover = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return bus.emit('toast', { type: 'error', message: notAnImage });
    const url = await uploadImage(file);
    if (url) set('coverUrl', url);
  };

  if (notEditable) return <EmptyState>文章不存在，或不是你的文章</EmptyState>;
  if (!fields) return <LoadingState />;

  const publish = () =>
    submit({
      check: () => ({
        title: requiredError(fields.title, '请输入文章标题'),
        content: requiredError(fields.content, '请输入文章内容'),
      }),
      call: async () => {
        const id = await autosave.settled();
        return id === null ? saveBlog(fields, 1) : updateBlog(id, fields, 1);
      },
      success: (data) => (data.status === 1 ? '发布成功' : ''),
      then: (data) => {
        forgetLocalDraft();
        if (data.status === 1) navigate(`/blog/article/${data.id}`);
        else {
          setPublished(true);
          setHeldNote(data.reviewNote || '文章包含需要审核的内容');
        }
      },
    });

  return (
    <div className="rc-write-page">
      <div className="rc-write-bar">
        <Button basic className="rc-write-back" onClick={() => navigate('/blog/account')}>
          <Icon name="arrow left" />
          返回
        </Button>
        <span className="rc-write-title">{postId ? '编辑文章' : '写文章'}</span>
        <span className="rc-draft-state" role="status">
          {published
            ? '修改已保存在本机，发布后生效'
            : autosave.failed
              ? '草稿保存失败，内容已保存在本机'
              : autosave.savedAt
                ? `草稿已保存 ${autosave.savedAt}`
                : '输入后自动保存草稿'}
        </span>
        <Button primary className="rc-write-publish" loading={busy} disabled={busy || heldNote !== null} onClick={() => void publish()}>
          <Icon name="send" />
          发布
        </Button>
      </div>
      {heldNote !== null ? (
        <Message warning className="rc-held-note">
          <Message.Header>文章已提交，正在等待审核</Message.Header>
          <p>审核说明：{heldNote}。审核通过后将公开显示，可在「我的博客 · 审核中」查看。</p>
        </Message>
      ) : null}
      <Form className="rc-write-form">
        <Form.Field error={Boolean(errors.title)}>
          <input
            className="rc-write-title-input"
            maxLength={100}
            placeholder="请输入文章标题（最多100字）"
            value={fields.title}
            onChange={(event) => set('title', event.target.value)}
          />
          <FieldError message={errors.title} />
        </Form.Field>
        <Form.Group widths="equal">
          <Form.Field>
            <label>分类</label>
            <Dropdown
              selection
              clearable
              className="rc-write-category"
              aria-label="分类"
              placeholder="选择分类"
              options={(categories.data ?? []).map((category) => ({ key: category.id, value: category.id, text: category.name }))}
              value={fields.categoryId ?? ''}
              onChange={(_, data) => set('categoryId', data.value ? Number(data.value) : null)}
            />
          </Form.Field>
          <Form.Field>
            <label>标签（最多{maxLabels}个）</label>
            <Dropdown
              selection
              multiple
              search
              className="rc-write-labels"
              placeholder="选择标签"
              noResultsMessage="没有这个标签"
              options={labelOptions}
              value={fields.labelIds}
              onChange={(_, data) => {
                const chosen = (data.value as number[]).slice(0, maxLabels);
                if ((data.value as number[]).length > maxLabels)
                  bus.emit('toast', { type: 'warning', message: `最多选择${maxLabels}个标签` });
                set('labelIds', chosen);
              }}
            />
          </Form.Field>
          <Form.Field>
            <label>封面</label>
            <div className="rc-write-cover">
              {fields.coverUrl ? <img src={fields.coverUrl} alt="封面" /> : null}
              <label className="ui basic small button">
                <Icon name="image" />
                {fields.coverUrl ? '更换封面' : '上传封面'}
                <input type="file" accept="image/*" hidden onChange={(event) => void uploadCover(event.target.files?.[0])} />
              </label>
              {fields.coverUrl ? (
                <Button basic size="small" type="button" onClick={() => set('coverUrl', '')}>
                  移除
                </Button>
              ) : null}
            </div>
          </Form.Field>
        </Form.Group>
        <Form.TextArea
          className="rc-write-summary"
          label="摘要"
          rows={2}
          maxLength={300}
          placeholder="不填写时取正文开头"
          value={fields.summary}
          onChange={(_, data) => set('summary', String(data.value ?? ''))}
        />
        <Form.Field error={Boolean(errors.content)}>
          <MarkdownEditor
            value={fields.content}
            onChange={setContent}
            preview={preview}
            uploadImage={uploadImage}
            placeholder="用 Markdown 写正文；图片可以直接粘贴或拖进来"
          />
          <FieldError message={errors.content} />
        </Form.Field>
      </Form>
    </div>
  );
}
