import type { ScreenProps } from '@rc/shared-utility';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';
import { listInstances } from './instance-api';
import type { InstanceView } from './instance-types';

/** The instance named by `?id=` on a sub-page of `/account/instanceManage`, reloaded after each change. */
export function useInstanceFromQuery() {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  const [instance, setInstance] = useState<InstanceView | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) return setMissing(true);
    const result = await listInstances({ pageNum: 1, pageSize: 1, id });
    if (result.code !== 200) return;
    setInstance(result.data.list[0] ?? null);
    setMissing(!result.data.list[0]);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  return { instance, missing, reload: load };
}

export function InstanceSubPage({ title, purpose, navigate, children }: ScreenProps & { title: string; purpose: string; children: (instance: InstanceView, reload: () => void) => ReactNode }) {
  const { instance, missing, reload } = useInstanceFromQuery();
  return (
    <section className="rc-page">
      <div className="rc-page-header">
        <div>
          <h1 className="rc-page-title">{title}</h1>
          <p className="rc-page-purpose">{instance ? `实例「${instance.name}」：${purpose}` : purpose}</p>
        </div>
        <Button basic onClick={() => navigate('/account/instanceManage')}>
          <Icon name="arrow left" />
          返回实例列表
        </Button>
      </div>
      {missing ? <Message warning content="实例不存在或已释放，请从实例列表进入。" /> : null}
      {instance ? children(instance, () => void reload()) : null}
    </section>
  );
}
