import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'semantic-ui-react';
import {
  $webInfo,
  FieldError,
  ListState,
  PageHeader,
  PageSection,
  requiredError,
  useLoaded,
  useSubmit,
  type WebInfo,
} from '@rc/shared-utility';
import { loadSiteInfo, saveSiteInfo, type SiteInfoUpdateBody } from './site-info-api';
import './site-info.css';

type Field = 'title' | 'h5Domain';
const serviceFields = ['service1', 'service2', 'service3', 'service4', 'service5'] as const;

const editable = (info: WebInfo): SiteInfoUpdateBody => ({
  title: info.title,
  hotline: info.hotline,
  isShowService: info.isShowService,
  service1: info.service1,
  service2: info.service2,
  service3: info.service3,
  service4: info.service4,
  service5: info.service5,
  h5Domain: info.h5Domain,
});

/** Spec §1: an H5 site is a whole http(s) address; empty keeps phones on the desktop site. */
function h5DomainError(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed && !/^https?:\/\/[^\s/?#]+\S*$/.test(trimmed) ? 'H5 站点地址须是以 http:// 或 https:// 开头的网址，或留空' : undefined;
}

function SiteInfoForm({ initial }: { initial: SiteInfoUpdateBody }) {
  const [form, setForm] = useState(initial);
  const { busy, errors, submit } = useSubmit<Field>();
  const text = (field: Exclude<keyof SiteInfoUpdateBody, 'isShowService'>) => ({
    name: field,
    value: form[field],
    onChange: (_: unknown, data: { value: string }) => setForm((current) => ({ ...current, [field]: data.value })),
  });

  const save = () =>
    void submit({
      check: () => ({ title: requiredError(form.title, '请输入网站标题'), h5Domain: h5DomainError(form.h5Domain) }),
      call: () => saveSiteInfo(form),
      success: '站点信息已保存',
      then: async () => {
        const fresh = await loadSiteInfo();
        if (fresh.code === 200) $webInfo.set(fresh.data);
      },
    });

  return (
    <Form onSubmit={save} className="rc-site-info-form">
      <Form.Field required error={Boolean(errors.title)}>
        <label>网站标题</label>
        <Input maxLength={100} {...text('title')} />
        <FieldError message={errors.title} />
      </Form.Field>
      <Form.Field>
        <label>服务热线</label>
        <Input maxLength={40} {...text('hotline')} />
      </Form.Field>
      <Form.Field error={Boolean(errors.h5Domain)}>
        <label>H5 站点地址</label>
        <Input maxLength={200} placeholder="https://m.example.com" {...text('h5Domain')} />
        <FieldError message={errors.h5Domain} />
        <p className="rc-muted">iPhone、iPod、iPad 与 Android 浏览器打开门户时跳转到这里；留空则手机也使用电脑版。</p>
      </Form.Field>
      <Form.Field>
        <Checkbox
          toggle
          label="页脚显示客服联系方式"
          checked={form.isShowService}
          onChange={(_, data) => setForm((current) => ({ ...current, isShowService: Boolean(data.checked) }))}
        />
      </Form.Field>
      {serviceFields.map((field, index) => (
        <Form.Field key={field}>
          <label>客服联系方式{index + 1}</label>
          <Input maxLength={200} {...text(field)} />
        </Form.Field>
      ))}
      <Button type="submit" primary loading={busy} disabled={busy}>
        保存
      </Button>
    </Form>
  );
}

/** `/account/review/site`: the operator edits the site info every page shows (title, hotline, customer service, H5 site). */
export function SiteInfoPage() {
  const loaded = useLoaded(loadSiteInfo);
  return (
    <PageSection>
      <PageHeader />
      <ListState source={loaded} isEmpty={() => false} empty={null}>
        {(info) => <SiteInfoForm initial={editable(info)} />}
      </ListState>
    </PageSection>
  );
}
