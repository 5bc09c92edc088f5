import { useEffect, useState } from 'react';
import { Icon } from 'semantic-ui-react';
import type { Advert } from '@rc/api-contract/system/site';
import { api } from '@rc/shared-utility';
import { Link } from '../shell/link';
import { advertHidden, dismissAdvert } from './advert-dismissal';

const homePosition = 'home_popup';

/** The home page's dismissible advert. */
export function HomeAdvert() {
  const [advert, setAdvert] = useState<Advert | null>(null);
  const [hidden, setHidden] = useState(advertHidden);

  useEffect(() => {
    void api.post<Advert[]>('/system/api/adv/list', {}).then((result) => {
      if (result.code !== 200) return;
      setAdvert(result.data.find((item) => item.position === homePosition) ?? result.data[0] ?? null);
    });
  }, []);

  useEffect(() => {
    if (!hidden) return;
    const timer = window.setInterval(() => setHidden(advertHidden()), 1000);
    return () => window.clearInterval(timer);
  }, [hidden]);

  if (!advert || hidden) return null;
  const close = () => {
    dismissAdvert();
    setHidden(true);
  };
  return (
    <aside className="rc-advert" aria-label="广告">
      <button type="button" className="rc-advert-close" aria-label="关闭广告" onClick={close}>
        <Icon name="close" />
      </button>
      <Link to={advert.linkUrl || '/'} className="rc-advert-body">
        {advert.imageUrl ? <img src={advert.imageUrl} alt={advert.title} /> : <span className="rc-advert-title">{advert.title}</span>}
      </Link>
    </aside>
  );
}
