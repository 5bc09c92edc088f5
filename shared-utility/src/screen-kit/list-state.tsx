import type { ReactNode } from 'react';
import { Button, Icon, Loader } from 'semantic-ui-react';
import { MissingState, missingKindOf, type BackLink } from './missing-state';
import type { Loaded } from './use-loaded';

/** The one look of "nothing here yet": centred text with an optional next step. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rc-empty">{typeof children === 'string' ? <p>{children}</p> : children}</div>;
}

export function LoadingState() {
  return (
    <div className="rc-list-loading" role="status">
      <Loader active inline="centered" size="small" content="加载中…" />
    </div>
  );
}

/**
 * A failed load: 重试 where trying again may help; where the answer says the thing is not there for this user
 * (`code` 404, 403, 410, 422), the page that says which, with a way back.
 */
export function ErrorState({
  message,
  onRetry,
  code = null,
  back,
}: {
  message: string;
  onRetry: () => void;
  code?: number | null;
  back?: BackLink;
}) {
  const missing = missingKindOf(code);
  if (missing) return <MissingState kind={missing} message={message} back={back} />;
  return (
    <div className="rc-list-error" role="alert">
      <p>
        <Icon name="warning circle" />
        加载失败：{message}
      </p>
      <Button basic size="small" className="rc-retry" onClick={onRetry}>
        <Icon name="redo" />
        重试
      </Button>
    </div>
  );
}

interface ListStateProps<T> {
  source: Pick<Loaded<T>, 'data' | 'error' | 'reload'> & Partial<Pick<Loaded<T>, 'errorCode'>>;
  isEmpty: (data: T) => boolean;
  /** What the empty state says (and offers). */
  empty: ReactNode;
  children: (data: T) => ReactNode;
  /** The way back when the thing is not there (not found, not yours, deleted). */
  back?: BackLink;
}

/**
 * Loading, failed (with 重试), empty or the list itself — never the empty state for a call that
 * failed. A failure replaces data loaded before it, so a stale list does not pass for a current one.
 */
export function ListState<T>({ source, isEmpty, empty, children, back }: ListStateProps<T>) {
  if (source.error !== null)
    return <ErrorState message={source.error} code={source.errorCode} back={back} onRetry={() => void source.reload()} />;
  if (source.data === undefined) return <LoadingState />;
  if (isEmpty(source.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(source.data)}</>;
}
