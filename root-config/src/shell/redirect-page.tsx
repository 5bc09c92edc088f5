import { useEffect } from 'react';
import { Loader } from 'semantic-ui-react';
import { navigate } from '../routing/location';

/** `/redirect?to=/path` replaces itself with an in-portal path, e.g. to reload a page's data. */
export function RedirectPage() {
  useEffect(() => {
    const target = new URLSearchParams(window.location.search).get('to') ?? '/';
    navigate(target.startsWith('/') && !target.startsWith('//') ? target : '/', { replace: true });
  }, []);
  return <Loader active inline="centered" content="正在跳转…" style={{ margin: '120px auto' }} />;
}
