import { useStore } from '@nanostores/react';
import { Button } from 'semantic-ui-react';
import { $aboutList, $webInfo, type WebInfo } from '@rc/shared-utility';
import { $friendLinks, $siteConfig } from '../boot/site-data';
import { navigate } from '../routing/location';
import { Link } from '../shell/link';

const serviceKeys = ['service1', 'service2', 'service3', 'service4', 'service5'] as const;

function ServiceColumn({ webInfo }: { webInfo: WebInfo }) {
  const contacts = serviceKeys.map((key) => webInfo[key]).filter(Boolean);
  if (!webInfo.isShowService || contacts.length === 0) return null;
  return (
    <div className="rc-footer-col rc-footer-service">
      <h4>客服</h4>
      <ul>
        {contacts.map((contact) => (
          <li key={contact}>{contact}</li>
        ))}
      </ul>
    </div>
  );
}

/** Spec §1 footer: call to action, about links, customer service, friend links, ICP record. */
export function SiteFooter() {
  const webInfo = useStore($webInfo);
  const about = useStore($aboutList);
  const links = useStore($friendLinks);
  const config = useStore($siteConfig);
  const icp = webInfo?.icp || config?.icpNumber;
  return (
    <footer className="rc-footer">
      <section className="rc-footer-cta">
        <h2>海量 GPU 算力，按需租用，开机即用</h2>
        <Button color="orange" size="large" onClick={() => navigate('/account/suanli/create')}>
          立即租用算力
        </Button>
      </section>
      <div className="rc-footer-body">
        {about.map((group) => (
          <div className="rc-footer-col" key={group.id}>
            <h4>{group.navName}</h4>
            <ul>
              {group.websiteNavList.map((item) => (
                <li key={item.id}>
                  <Link to={item.url}>{item.navName}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {webInfo ? <ServiceColumn webInfo={webInfo} /> : null}
      </div>
      {links.length > 0 ? (
        <div className="rc-footer-links">
          <span>友情链接：</span>
          {links.map((link) => (
            <a key={link.id} href={link.url} target="_blank" rel="noreferrer">
              {link.name}
            </a>
          ))}
        </div>
      ) : null}
      <div className="rc-footer-bottom">
        <span>{webInfo?.copyright || `© ${new Date().getFullYear()} 算力云`}</span>
        {icp ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" className="rc-icp">
            {icp}
          </a>
        ) : null}
        {webInfo?.prnNo ? (
          <span className="rc-prn">
            {' '}
            {webInfo.prn} {webInfo.prnNo}
          </span>
        ) : null}
      </div>
    </footer>
  );
}
