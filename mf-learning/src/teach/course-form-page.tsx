import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Form, Icon, Message, Step } from 'semantic-ui-react';
import {
  bus,
  EmptyState,
  FieldError,
  formatMoney,
  LoadingState,
  PageHeader,
  PageSection,
  parseYuan,
  useLoaded,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { MarkdownField } from './markdown-field';
import { courseCategories, queryId, saveCourse, updateCourse, uploadCover, viewMyCourse, type CourseSaveBody } from './teach-api';
import './teach.css';

type Field = 'courseName' | 'categoryId' | 'price';

interface Draft {
  courseName: string;
  categoryId: number | null;
  summary: string;
  introMarkdown: string;
  isFree: boolean;
  priceText: string;
  noSkip: boolean;
  coverKey: string;
  coverUrl: string;
}

const emptyDraft: Draft = {
  courseName: '',
  categoryId: null,
  summary: '',
  introMarkdown: '',
  isFree: true,
  priceText: '',
  noSkip: false,
  coverKey: '',
  coverUrl: '',
};

const steps = [
  { title: '基本信息', description: '名称、分类与介绍' },
  { title: '价格与设置', description: '免费或收费、播放设置' },
  { title: '封面', description: '课程封面图片' },
] as const;

const maxCoverBytes = 2 * 1024 * 1024;

function basicErrors(draft: Draft) {
  return {
    courseName: draft.courseName.trim() ? undefined : '请填写课程名称',
    categoryId: draft.categoryId ? undefined : '请选择课程分类',
  };
}

function priceError(draft: Draft): string | undefined {
  if (draft.isFree) return undefined;
  const price = parseYuan(draft.priceText);
  if (price === null) return '请输入价格，最多两位小数';
  if (price < 1000 || price > 9_999_000) return '收费课程的价格应在1元到9999元之间';
  return undefined;
}

const bodyOf = (draft: Draft): CourseSaveBody => ({
  courseName: draft.courseName.trim(),
  categoryId: draft.categoryId!,
  summary: draft.summary.trim(),
  introMarkdown: draft.introMarkdown,
  isFree: draft.isFree,
  price: draft.isFree ? 0 : (parseYuan(draft.priceText) ?? 0),
  noSkip: draft.noSkip,
  coverKey: draft.coverKey,
});

/** `/account/resource/add` (`?id=` edits): a course in three steps — basics, price and settings, cover — saved at the end. */
export function CourseFormPage({ navigate }: ScreenProps) {
  const [courseId] = useState(queryId);
  const [draft, setDraft] = useState<Draft | null>(courseId ? null : emptyDraft);
  const [loadFailed, setLoadFailed] = useState('');
  const [step, setStep] = useState(0);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const categories = useLoaded(useCallback(courseCategories, []));
  const { busy, errors, setErrors, submit } = useSubmit<Field>();

  useEffect(() => {
    if (!courseId) return;
    void viewMyCourse(courseId).then((result) => {
      if (result.code !== 200) return setLoadFailed(result.msg || '课程加载失败');
      const course = result.data;
      setDraft({
        courseName: course.courseName,
        categoryId: course.categoryId,
        summary: course.summary,
        introMarkdown: course.introMarkdown,
        isFree: course.isFree,
        priceText: course.isFree ? '' : formatMoney(course.price).replace(/,/g, ''),
        noSkip: course.noSkip,
        coverKey: course.coverKey,
        coverUrl: course.coverUrl,
      });
    });
  }, [courseId]);

  if (loadFailed) return <EmptyState>{loadFailed}</EmptyState>;
  if (!draft) return <LoadingState />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const next = () => {
    const found = step === 0 ? basicErrors(draft) : { price: priceError(draft) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setStep(step + 1);
  };

  const pickCover = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.(png|jpe?g|webp)$/i.test(file.name))
      return bus.emit('toast', { type: 'warning', message: '封面仅支持 PNG、JPG、WebP 格式的图片' });
    if (file.size > maxCoverBytes) return bus.emit('toast', { type: 'warning', message: '封面图片不能超过2MB' });
    setUploading(true);
    const result = await uploadCover(file);
    setUploading(false);
    if (result.code === 200) set({ coverKey: result.data.key, coverUrl: result.data.url });
  };

  const save = () =>
    submit({
      check: () => ({ ...basicErrors(draft), price: priceError(draft) }),
      call: () => (courseId ? updateCourse(courseId, bodyOf(draft)) : saveCourse(bodyOf(draft))),
      then: (saved) => navigate(courseId ? '/account/resource' : `/account/resource/period?id=${saved.id}`),
    });

  const categoryOptions = (categories.data ?? []).map((category) => ({ key: category.id, value: category.id, text: category.name }));

  return (
    <PageSection className="rc-teach-form">
      <PageHeader subject={courseId ? '编辑课程' : undefined} />
      <Step.Group ordered size="small" widths={3}>
        {steps.map((item, index) => (
          <Step key={item.title} active={index === step} completed={index < step} onClick={() => index < step && setStep(index)}>
            <Step.Content>
              <Step.Title>{item.title}</Step.Title>
              <Step.Description>{item.description}</Step.Description>
            </Step.Content>
          </Step>
        ))}
      </Step.Group>
      <Form className="rc-teach-form-body" onSubmit={(event) => event.preventDefault()}>
        {step === 0 ? (
          <>
            <Form.Field required>
              <label htmlFor="course-name">课程名称</label>
              <input
                id="course-name"
                maxLength={80}
                value={draft.courseName}
                onChange={(event) => set({ courseName: event.target.value })}
              />
              <FieldError message={errors.courseName} />
            </Form.Field>
            <Form.Field required>
              <label>课程分类</label>
              <Form.Dropdown
                selection
                name="categoryId"
                aria-label="课程分类"
                placeholder={categories.error ? '分类加载失败' : '请选择分类'}
                options={categoryOptions}
                value={draft.categoryId ?? undefined}
                onChange={(_, data) => set({ categoryId: Number(data.value) })}
              />
              <FieldError message={errors.categoryId} />
            </Form.Field>
            <Form.TextArea
              label="课程简介"
              rows={2}
              maxLength={300}
              value={draft.summary}
              placeholder="一两句话说明课程讲什么（300字以内）"
              onChange={(_, data) => set({ summary: String(data.value ?? '') })}
            />
            <MarkdownField
              label="课程介绍"
              value={draft.introMarkdown}
              maxLength={50_000}
              placeholder="课程目标、适合人群、课程大纲……"
              onChange={(introMarkdown) => set({ introMarkdown })}
            />
          </>
        ) : null}
        {step === 1 ? (
          <>
            <Form.Group inline>
              <label>收费方式</label>
              <Form.Radio label="免费" checked={draft.isFree} onChange={() => set({ isFree: true })} />
              <Form.Radio label="收费" checked={!draft.isFree} onChange={() => set({ isFree: false })} />
            </Form.Group>
            {draft.isFree ? null : (
              <Form.Field required>
                <label htmlFor="course-price">价格（元）</label>
                <input
                  id="course-price"
                  inputMode="decimal"
                  placeholder="1 - 9999"
                  value={draft.priceText}
                  onChange={(event) => set({ priceText: event.target.value })}
                />
                <FieldError message={errors.price} />
                <div className="rc-muted">学员从余额购买；已购买的学员不受之后改价影响。</div>
              </Form.Field>
            )}
            <Form.Field>
              <Checkbox
                toggle
                label="禁止拖动进度（学员只能观看已看过的部分之前的内容，进度照常保存）"
                checked={draft.noSkip}
                onChange={(_, data) => set({ noSkip: Boolean(data.checked) })}
              />
            </Form.Field>
          </>
        ) : null}
        {step === 2 ? (
          <div className="rc-teach-cover">
            {draft.coverUrl ? (
              <img src={draft.coverUrl} alt="课程封面" />
            ) : (
              <div className="rc-teach-cover-empty">
                <Icon name="image outline" size="huge" />
                <span>暂无封面</span>
              </div>
            )}
            <div>
              <input
                ref={picker}
                type="file"
                hidden
                accept="image/png,image/jpeg,image/webp"
                onChange={(event) => void pickCover(event.target.files?.[0])}
              />
              <Button
                type="button"
                basic
                icon="upload"
                loading={uploading}
                content={draft.coverUrl ? '更换封面' : '上传封面'}
                onClick={() => picker.current?.click()}
              />
              {draft.coverUrl ? <Button type="button" basic content="移除" onClick={() => set({ coverKey: '', coverUrl: '' })} /> : null}
              <Message size="mini" content="PNG、JPG 或 WebP，不超过2MB，建议 16:9。可不上传，列表中显示默认封面。" />
            </div>
          </div>
        ) : null}
        <div className="rc-teach-form-actions">
          <Button type="button" content="取消" onClick={() => navigate('/account/resource')} />
          {step > 0 ? <Button type="button" content="上一步" onClick={() => setStep(step - 1)} /> : null}
          {step < steps.length - 1 ? (
            <Button type="button" primary content="下一步" onClick={next} />
          ) : (
            <Button
              type="button"
              primary
              loading={busy}
              disabled={busy || uploading}
              content={courseId ? '保存修改' : '创建课程'}
              onClick={() => void save()}
            />
          )}
        </div>
      </Form>
    </PageSection>
  );
}
