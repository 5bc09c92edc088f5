import { useStore } from '@nanostores/react';
import { $siteConfig } from '../boot/site-data';

/** The thin notice on every page of a site that is (still) a demo (config.json `demoSite`), saying why. */
export function DemoBanner() {
  const demo = useStore($siteConfig)?.demoSite;
  const reasons = [
    demo?.paymentSandbox ? '充值通过模拟收银台完成，不会真实扣款' : null,
    demo?.publishedPassword ? '仍有账户使用公开的演示密码，请尽快修改' : null,
  ].filter((reason) => reason !== null);
  if (!reasons.length) return null;
  return (
    <div className="rc-demo-banner" role="status">
      演示环境：{reasons.join('；')}
    </div>
  );
}
