import { useCallback, type ReactNode } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';
import { ErrorState, LoadingState, MissingState, PageHeader, PageSection, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { listInstances } from './instance-api';
import type { InstanceView } from './instance-types';

const backToInstances = { to: '/account/instanceManage', label: '返回实例列表' };

const queryId = () => Number(new URLSearchParams(window.location.search).get('id'));

/**
 * A sub-page of `/account/instanceManage` about the instance named by `?id=`, reloaded after each change; `gone` is
 * what is still shown of an instance that is not listed (released).
 */
export function InstanceSubPage({
  navigate,
  children,
  gone,
}: ScreenProps & { children: (instance: InstanceView, reload: () => void) => ReactNode; gone?: (id: number) => ReactNode }) {
  const id = queryId();
  const fetch = useCallback(() => listInstances({ pageNum: 1, pageSize: 1, id }, { errorTip: false }), [id]);
  const loaded = useLoaded(fetch);
  const instance = loaded.data?.list[0];
  const missing = !Number.isInteger(id) || id <= 0 || (loaded.data !== undefined && !instance);
  return (
    <PageSection>
      <PageHeader subject={instance ? `实例「${instance.name}」` : undefined}>
        <Button basic onClick={() => navigate('/account/instanceManage')}>
          <Icon name="arrow left" />
          返回实例列表
        </Button>
      </PageHeader>
      {missing ? (
        <>
          {gone && Number.isInteger(id) && id > 0 ? (
            <>
              <Message warning content="该实例已释放，不在实例列表中；下面是它保留的记录。" />
              {gone(id)}
            </>
          ) : (
            <MissingState
              kind={Number.isInteger(id) && id > 0 ? 'not-found' : 'bad-link'}
              message="实例不存在或已释放，请从实例列表进入。"
              back={backToInstances}
            />
          )}
        </>
      ) : loaded.error !== null ? (
        <ErrorState message={loaded.error} code={loaded.errorCode} back={backToInstances} onRetry={() => void loaded.reload()} />
      ) : instance ? (
        children(instance, () => void loaded.reload())
      ) : (
        <LoadingState />
      )}
    </PageSection>
  );
}
