import { useCallback, type ReactNode } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';
import {
  ErrorState,
  LoadingState,
  MissingState,
  PageHeader,
  PageSection,
  useLoaded,
  type ApiResult,
  type ScreenProps,
} from '@rc/shared-utility';
import { listInstances } from './instance-api';
import type { InstanceView } from './instance-types';

/** The instance of `?id=` as the page shows it; undefined when the user has no such instance. */
export type InstanceLoader<T> = (id: number) => Promise<ApiResult<T | undefined>>;

/** The user's own instance, from the instance list. */
async function ownInstance(id: number): Promise<ApiResult<InstanceView | undefined>> {
  const answer = await listInstances({ pageNum: 1, pageSize: 1, id }, { errorTip: false });
  return { ...answer, data: answer.code === 200 ? answer.data.list[0] : undefined };
}

const backToInstances = { to: '/account/instanceManage', label: '返回实例列表' };
/** Where the main account came from to a balance-sharing sub-account's instance (子账号管理 「实例」). */
const backToSubAccounts = { to: '/account/childUser', label: '返回子账号管理' };

const queryId = () => Number(new URLSearchParams(window.location.search).get('id'));

type SubPageProps<T> = ScreenProps & {
  children: (instance: T, reload: () => void) => ReactNode;
  gone?: (id: number) => ReactNode;
  /** How the page reads its instance; the own instance from the instance list by default. */
  load?: InstanceLoader<T>;
};

/**
 * A sub-page of `/account/instanceManage` about the instance named by `?id=`, reloaded after each change; `gone` is
 * what is still shown of an instance that is not listed (released). An instance that is not the user's own (`owned`
 * false: a balance-sharing sub-account's) leads back to 子账号管理.
 */
export function InstanceSubPage<T extends { name: string; owned?: boolean } = InstanceView>({
  navigate,
  children,
  gone,
  load,
}: SubPageProps<T>) {
  const id = queryId();
  const fetch = useCallback(() => (load ?? (ownInstance as unknown as InstanceLoader<T>))(id), [id, load]);
  const loaded = useLoaded(fetch);
  const instance = loaded.data;
  const missing = !Number.isInteger(id) || id <= 0 || (!loaded.loading && loaded.error === null && !instance);
  const back = instance?.owned === false ? backToSubAccounts : backToInstances;
  return (
    <PageSection>
      <PageHeader subject={instance ? `实例「${instance.name}」` : undefined}>
        <Button basic onClick={() => navigate(back.to)}>
          <Icon name="arrow left" />
          {back.label}
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
              back={back}
            />
          )}
        </>
      ) : loaded.error !== null ? (
        <ErrorState message={loaded.error} code={loaded.errorCode} back={back} onRetry={() => void loaded.reload()} />
      ) : instance ? (
        children(instance, () => void loaded.reload())
      ) : (
        <LoadingState />
      )}
    </PageSection>
  );
}
