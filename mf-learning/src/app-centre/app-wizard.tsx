import { useEffect, useMemo, useState } from 'react';
import { Button, Dropdown, Form, Icon, Input, Label, Message, Segment, Step, TextArea } from 'semantic-ui-react';
import { IntegerInput, runAction, useSubmit } from '@rc/shared-utility';
import type { TemplateEnvVar, TemplatePort, TemplateReadiness } from '@rc/api-contract/application/app';
import {
  appCategories,
  createApp,
  putaway,
  saveTemplate,
  templateGpuModels,
  templateImages,
  templateScopes,
  updateApp,
  type AppCategoryView,
  type AppDetail,
  type TemplateGpuModel,
  type TemplateImage,
  type TemplateScope,
} from './app-centre-api';
import { TemplateTable } from './app-parts';

/** The dropdown's value for 「不限地区」 (a template's region ''), which a Semantic dropdown cannot show as ''. */
const anyRegion = 'any';
const steps = ['基本信息', '选择镜像', '实例模板', '描述', '提交审核'] as const;
const sourceNames: Record<TemplateImage['source'], string> = { system: '系统镜像', mine: '我的镜像', community: '社区镜像' };

interface Draft {
  name: string;
  categoryId: number | null;
  summary: string;
  descriptionMarkdown: string;
  imageId: number | null;
  regionCode: string;
  gpuModelCode: string;
  gpuCount: number;
  dataDiskGb: number;
  ports: TemplatePort[];
  startCommand: string;
  env: TemplateEnvVar[];
  readiness: TemplateReadiness | null;
}

const draftOf = (app: AppDetail | null): Draft => ({
  name: app?.name ?? '',
  categoryId: app?.categoryId ?? null,
  summary: app?.summary ?? '',
  descriptionMarkdown: app?.descriptionMarkdown ?? '',
  imageId: app?.template?.imageId ?? null,
  regionCode: app?.template?.regionCode ?? '',
  gpuModelCode: app?.template?.gpuModelCode ?? '',
  gpuCount: app?.template?.gpuCount ?? 1,
  dataDiskGb: app?.template?.dataDiskGb ?? 0,
  ports: app?.template?.ports ?? [],
  startCommand: app?.template?.startCommand ?? '',
  env: app?.template?.env ?? [],
  readiness: app?.template?.readiness ?? null,
});

/** 创建应用 / 编辑应用 in five steps, each saved by its 下一步 (the application stays a draft until 提交审核). */
export function AppWizard({ editing, done }: { editing: AppDetail | null; done: () => void }) {
  const [step, setStep] = useState(0);
  const [app, setApp] = useState<AppDetail | null>(editing);
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [categories, setCategories] = useState<AppCategoryView[]>([]);
  const [images, setImages] = useState<TemplateImage[]>([]);
  const [scopes, setScopes] = useState<TemplateScope[]>([]);
  const [models, setModels] = useState<TemplateGpuModel[]>([]);
  const { busy, errors, submit } = useSubmit<'name' | 'categoryId' | 'imageId' | 'gpuModelCode'>();
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  useEffect(() => {
    void appCategories().then((result) => result.code === 200 && setCategories(result.data));
    void templateImages().then((result) => result.code === 200 && setImages(result.data));
    void templateGpuModels().then((result) => result.code === 200 && setModels(result.data));
  }, []);
  useEffect(() => {
    if (!draft.imageId) return;
    void templateScopes(draft.imageId).then((result) => result.code === 200 && setScopes(result.data));
  }, [draft.imageId]);

  const fields = () => ({
    name: draft.name.trim(),
    categoryId: draft.categoryId ?? 0,
    summary: draft.summary.trim(),
    descriptionMarkdown: draft.descriptionMarkdown,
  });
  const saveBasics = () =>
    submit({
      check: () => ({ name: draft.name.trim() ? undefined : '请填写应用名称', categoryId: draft.categoryId ? undefined : '请选择分类' }),
      call: () => (app ? updateApp(app.id, fields()) : createApp(fields())),
      then: (saved) => {
        setApp(saved);
        setStep(1);
      },
    });
  const saveInstance = () =>
    submit({
      check: () => ({ gpuModelCode: draft.gpuModelCode ? undefined : '请选择GPU型号' }),
      call: () =>
        saveTemplate({
          id: app!.id,
          imageId: draft.imageId!,
          regionCode: draft.regionCode,
          gpuModelCode: draft.gpuModelCode,
          gpuCount: draft.gpuCount,
          dataDiskGb: draft.dataDiskGb,
          ports: draft.ports.filter((port) => port.port > 0),
          startCommand: draft.startCommand,
          env: draft.env.filter((variable) => variable.name.trim()),
          readiness: draft.readiness,
        }),
      then: (saved) => {
        setApp(saved);
        setStep(3);
      },
    });
  const saveDescription = () =>
    submit({
      call: () => updateApp(app!.id, fields()),
      then: (saved) => {
        setApp(saved);
        setStep(4);
      },
    });
  const submitForReview = () => runAction(() => putaway(app!.id, true), { then: done });

  const fitting = scopes.filter((scope) => scope.fits);
  const regionOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const scope of fitting)
      if (!draft.gpuModelCode || scope.gpuModelCode === draft.gpuModelCode) seen.set(scope.regionCode, scope.regionName);
    return [
      { key: anyRegion, value: anyRegion, text: '不限地区' },
      ...[...seen].map(([code, name]) => ({ key: code, value: code, text: name })),
    ];
  }, [fitting, draft.gpuModelCode]);
  const modelOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const scope of fitting)
      if (!draft.regionCode || scope.regionCode === draft.regionCode) seen.set(scope.gpuModelCode, scope.gpuModelName);
    return [...seen].map(([code, name]) => {
      const model = models.find((candidate) => candidate.code === code);
      return { key: code, value: code, text: name, description: model ? `${model.memoryGb}GB 显存 · ${model.regionNames.join('、')}` : '' };
    });
  }, [fitting, draft.regionCode, models]);
  const maxCount = Math.max(
    1,
    ...fitting
      .filter((scope) => scope.gpuModelCode === draft.gpuModelCode && (!draft.regionCode || scope.regionCode === draft.regionCode))
      .map((scope) => scope.maxGpuPerNode),
  );
  const image = images.find((candidate) => candidate.id === draft.imageId);

  return (
    <Segment className="rc-app-wizard">
      <Step.Group size="mini" fluid ordered className="rc-app-steps">
        {steps.map((title, index) => (
          <Step key={title} active={index === step} completed={index < step} title={title} />
        ))}
      </Step.Group>
      <Form>
        {step === 0 ? (
          <>
            <Form.Input
              className="rc-app-name-input"
              label="应用名称"
              required
              maxLength={60}
              value={draft.name}
              error={errors.name}
              onChange={(_, d) => set({ name: d.value })}
            />
            <Form.Dropdown
              label="分类"
              required
              selection
              className="rc-app-category"
              placeholder="选择分类"
              options={categories.map((category) => ({ key: category.id, value: category.id, text: category.name }))}
              value={draft.categoryId ?? undefined}
              error={errors.categoryId}
              onChange={(_, d) => set({ categoryId: Number(d.value) })}
            />
            <Form.TextArea
              label="简介"
              maxLength={300}
              value={draft.summary}
              onChange={(_, d) => set({ summary: String(d.value ?? '') })}
            />
          </>
        ) : null}
        {step === 1 ? (
          <Form.Field>
            <label>镜像</label>
            <Dropdown
              selection
              search
              fluid
              className="rc-app-image"
              placeholder={images.length ? '选择应用所用的镜像' : '暂无可用镜像'}
              options={images.map((candidate) => ({
                key: candidate.id,
                value: candidate.id,
                text: candidate.name,
                description: `${sourceNames[candidate.source]} · Python ${candidate.python} · CUDA ${candidate.cuda}`,
              }))}
              value={draft.imageId ?? undefined}
              onChange={(_, d) => set({ imageId: Number(d.value), gpuModelCode: '', regionCode: '' })}
            />
            {image ? (
              <p className="rc-muted">
                {image.framework} {image.frameworkVersion} · {image.os} · 需要 CUDA {image.cuda}
              </p>
            ) : null}
          </Form.Field>
        ) : null}
        {step === 2 ? (
          <>
            {scopes.length > 0 && fitting.length === 0 ? (
              <Message warning content="目前没有主机的驱动支持该镜像的 CUDA 版本，请换一个镜像" />
            ) : null}
            <Form.Group widths="equal">
              <Form.Dropdown
                label="GPU型号"
                required
                selection
                className="rc-app-gpu-model"
                placeholder="选择GPU型号"
                options={modelOptions}
                value={draft.gpuModelCode || undefined}
                error={errors.gpuModelCode}
                onChange={(_, d) => set({ gpuModelCode: String(d.value), gpuCount: 1 })}
              />
              <Form.Dropdown
                label="地区"
                selection
                options={regionOptions}
                value={draft.regionCode || anyRegion}
                onChange={(_, d) => set({ regionCode: d.value === anyRegion ? '' : String(d.value) })}
              />
            </Form.Group>
            <Form.Group widths="equal">
              <Form.Field>
                <label>GPU数量（单台主机最多 {maxCount} 张）</label>
                <IntegerInput min={1} max={maxCount} value={draft.gpuCount} onChange={(value) => set({ gpuCount: value })} />
              </Form.Field>
              <Form.Field>
                <label>数据盘扩容（GB）</label>
                <IntegerInput min={0} max={2000} value={draft.dataDiskGb} onChange={(value) => set({ dataDiskGb: value })} />
              </Form.Field>
            </Form.Group>
            <Form.Field>
              <label>端口</label>
              {draft.ports.map((port, index) => (
                <div className="rc-app-port-row" key={index}>
                  <Input
                    placeholder="名称"
                    maxLength={20}
                    value={port.name}
                    onChange={(_, d) => set({ ports: draft.ports.map((p, i) => (i === index ? { ...p, name: d.value } : p)) })}
                  />
                  <IntegerInput
                    min={1}
                    max={65535}
                    value={port.port}
                    onChange={(value) => set({ ports: draft.ports.map((p, i) => (i === index ? { ...p, port: value } : p)) })}
                  />
                  <Dropdown
                    selection
                    compact
                    options={[
                      { key: 'http', value: 'http', text: 'HTTP' },
                      { key: 'tcp', value: 'tcp', text: 'TCP' },
                    ]}
                    value={port.protocol}
                    onChange={(_, d) =>
                      set({ ports: draft.ports.map((p, i) => (i === index ? { ...p, protocol: d.value as TemplatePort['protocol'] } : p)) })
                    }
                  />
                  <Button icon="trash" basic type="button" onClick={() => set({ ports: draft.ports.filter((_, i) => i !== index) })} />
                </div>
              ))}
              {draft.ports.length < 10 ? (
                <Button
                  basic
                  size="small"
                  type="button"
                  className="rc-app-add-port"
                  onClick={() => set({ ports: [...draft.ports, { port: 8888, name: '服务', protocol: 'http' }] })}
                >
                  <Icon name="plus" />
                  添加端口
                </Button>
              ) : null}
            </Form.Field>
            <Form.Field>
              <label>启动命令</label>
              <TextArea
                rows={2}
                maxLength={1000}
                placeholder="实例启动后运行的命令，如 jupyter lab --ip=0.0.0.0 --port=8888"
                value={draft.startCommand}
                onChange={(_, d) => set({ startCommand: String(d.value ?? '') })}
              />
            </Form.Field>
            <EnvFields env={draft.env} change={(env) => set({ env })} />
            <ReadinessField ports={draft.ports} readiness={draft.readiness} change={(readiness) => set({ readiness })} />
          </>
        ) : null}
        {step === 3 ? (
          <Form.TextArea
            label="应用描述（Markdown）"
            rows={12}
            maxLength={20000}
            className="rc-app-description-input"
            placeholder="介绍应用的用途、预装软件与使用方法"
            value={draft.descriptionMarkdown}
            onChange={(_, d) => set({ descriptionMarkdown: String(d.value ?? '') })}
          />
        ) : null}
        {step === 4 && app ? (
          <>
            <p>
              <b>{app.name}</b> <Label size="mini" content={app.statusName} />
            </p>
            {app.reviewNote ? <Message warning content={`上次驳回原因：${app.reviewNote}`} /> : null}
            {app.template ? <TemplateTable template={app.template} /> : <Message warning content="尚未设置实例模板" />}
            <p className="rc-muted">提交后由运营人员审核，通过后自动上架到应用中心。</p>
          </>
        ) : null}
      </Form>
      <div className="rc-app-wizard-actions">
        <Button content="取消" type="button" onClick={done} />
        {step > 0 ? <Button content="上一步" type="button" onClick={() => setStep(step - 1)} /> : null}
        {step === 0 ? (
          <Button primary className="rc-app-next" content="下一步" loading={busy} disabled={busy} onClick={() => void saveBasics()} />
        ) : null}
        {step === 1 ? (
          <Button primary className="rc-app-next" content="下一步" disabled={!draft.imageId} onClick={() => setStep(2)} />
        ) : null}
        {step === 2 ? (
          <Button primary className="rc-app-next" content="下一步" loading={busy} disabled={busy} onClick={() => void saveInstance()} />
        ) : null}
        {step === 3 ? (
          <Button primary className="rc-app-next" content="下一步" loading={busy} disabled={busy} onClick={() => void saveDescription()} />
        ) : null}
        {step === 4 ? <Button color="orange" content="提交审核" className="rc-app-submit" onClick={() => void submitForReview()} /> : null}
      </div>
    </Segment>
  );
}

/** The start command's environment variables, one name and value a row. */
function EnvFields({ env, change }: { env: TemplateEnvVar[]; change: (env: TemplateEnvVar[]) => void }) {
  const edit = (index: number, patch: Partial<TemplateEnvVar>) => change(env.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  return (
    <Form.Field className="rc-app-env-fields">
      <label>环境变量</label>
      {env.map((variable, index) => (
        <div className="rc-app-port-row" key={index}>
          <Input placeholder="变量名" maxLength={64} value={variable.name} onChange={(_, d) => edit(index, { name: d.value })} />
          <Input placeholder="值" maxLength={1000} value={variable.value} onChange={(_, d) => edit(index, { value: d.value })} />
          <Button icon="trash" basic type="button" aria-label="删除变量" onClick={() => change(env.filter((_, i) => i !== index))} />
        </div>
      ))}
      {env.length < 20 ? (
        <Button basic size="small" type="button" className="rc-app-add-env" onClick={() => change([...env, { name: '', value: '' }])}>
          <Icon name="plus" />
          添加变量
        </Button>
      ) : null}
    </Form.Field>
  );
}

/** When the started service counts as ready: one of the ports answers (an HTTP path, or a TCP connection). */
function ReadinessField({
  ports,
  readiness,
  change,
}: {
  ports: TemplatePort[];
  readiness: TemplateReadiness | null;
  change: (readiness: TemplateReadiness | null) => void;
}) {
  const port = ports.find((candidate) => candidate.port === readiness?.port);
  const options = [
    { key: 'none', value: 0, text: '不检查（进程运行即就绪）' },
    ...ports.map((p) => ({ key: p.port, value: p.port, text: `${p.name} ${p.port}/${p.protocol === 'http' ? 'HTTP' : 'TCP'}` })),
  ];
  return (
    <Form.Group widths="equal" className="rc-app-readiness-fields">
      <Form.Dropdown
        label="就绪检查"
        selection
        options={options}
        value={port ? port.port : 0}
        onChange={(_, d) => {
          const chosen = ports.find((candidate) => candidate.port === Number(d.value));
          change(chosen ? { port: chosen.port, path: chosen.protocol === 'http' ? (readiness?.path ?? '/') || '/' : '' } : null);
        }}
      />
      {port?.protocol === 'http' ? (
        <Form.Input
          label="检查路径（HTTP GET 有应答即就绪）"
          maxLength={200}
          value={readiness!.path}
          onChange={(_, d) => change({ port: port.port, path: d.value })}
        />
      ) : (
        <Form.Field>
          <label>&nbsp;</label>
          <p className="rc-muted">{port ? '端口可连接即就绪' : '启动命令的进程运行即显示运行中'}</p>
        </Form.Field>
      )}
    </Form.Group>
  );
}
