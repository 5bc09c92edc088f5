import { useStore } from '@nanostores/react';
import { $webInfo } from '@rc/shared-utility';
import { $siteConfig } from '../boot/site-data';
import { Link } from '../shell/link';

export function SiteLogo() {
  const webInfo = useStore($webInfo);
  const config = useStore($siteConfig);
  const name = config?.systemName || webInfo?.title || '算力云';
  const logo = webInfo?.logo || config?.logo;
  return (
    <Link to="/" className="rc-logo" aria-label={name}>
      {logo ? (
        <img src={logo} alt={name} />
      ) : (
        <>
          <span className="rc-logo-mark">算</span>
          {name}
        </>
      )}
    </Link>
  );
}
