import { Button } from 'semantic-ui-react';
import { navigate } from '../routing/location';
import { NotFoundImage } from './not-found-image';

/** Spec §2 and §8: the error page shows the error number, a title and a tip, with a way home. */
export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404;
  return (
    <div className="rc-error-page" data-status={status}>
      {notFound ? <NotFoundImage /> : null}
      <div>
        <p className="rc-error-code">{status}</p>
        <h1 className="rc-error-title">{notFound ? '页面已无法找到，可能已经被删除或地址错误' : '页面出错，请联系管理员'}</h1>
        <p className="rc-error-tip">{notFound ? 'This page could not be found' : `Error ${status}`}</p>
        <Button primary onClick={() => navigate('/')}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
