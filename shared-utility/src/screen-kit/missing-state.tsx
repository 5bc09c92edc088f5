import type { MouseEvent } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { getConfig } from '../config';

/** Why a page has nothing to show that retrying cannot change. */
export type MissingKind = 'not-found' | 'not-yours' | 'deleted' | 'bad-link';

/** The refusals a retry cannot turn into a page: not found, not yours, deleted, an id that is no id. */
const kindByCode: Record<number, MissingKind> = { 404: 'not-found', 403: 'not-yours', 410: 'deleted', 422: 'bad-link' };

export const missingKindOf = (code: number | null): MissingKind | null => (code === null ? null : (kindByCode[code] ?? null));

const headings: Record<MissingKind, string> = {
  'not-found': '没有找到这项内容',
  'not-yours': '这项内容不属于你，无权查看',
  deleted: '这项内容已删除',
  'bad-link': '链接不完整或有误',
};

/** Where the way back leads when the page names none. */
export interface BackLink {
  to: string;
  label: string;
}

const home: BackLink = { to: '/', label: '回到首页' };

/**
 * The page for something that is not there for this user, saying which of the four it is, with the server's words
 * under it and a way back: the previous page when there is one, and the place the page names (the home page else).
 */
export function MissingState({ kind, message, back = home }: { kind: MissingKind; message?: string; back?: BackLink }) {
  const canGoBack = window.history.length > 1;
  return (
    <div className="rc-missing" role="alert" data-kind={kind}>
      <Icon name={kind === 'not-yours' ? 'lock' : kind === 'deleted' ? 'trash alternate outline' : 'search'} size="big" />
      <h3>{headings[kind]}</h3>
      {message ? <p className="rc-muted">{message}</p> : null}
      <div className="rc-missing-actions">
        {canGoBack ? (
          <Button basic type="button" className="rc-missing-previous" onClick={() => window.history.back()}>
            <Icon name="arrow left" />
            返回上一页
          </Button>
        ) : null}
        <Button
          primary
          type="button"
          as="a"
          href={back.to}
          className="rc-missing-back"
          onClick={(event: MouseEvent) => {
            event.preventDefault();
            getConfig().navigate(back.to);
          }}
        >
          {back.label}
        </Button>
      </div>
    </div>
  );
}
