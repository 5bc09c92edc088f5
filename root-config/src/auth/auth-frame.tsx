import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $siteConfig } from '../boot/site-data';

/** The card shared by login, register and reset: product pitch on the left, the form on the right. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const config = useStore($siteConfig);
  return (
    <div className="rc-auth">
      <div className="rc-auth-card">
        <section className="rc-auth-intro">
          <h2>{config?.systemName || '算力云'}</h2>
          <p>{config?.userIntro || '面向 AI 开发者的 GPU 算力租用平台。'}</p>
          <ul>
            <li>多种 GPU，开机即用，按秒计费</li>
            <li>网盘与文件存储，数据不随实例丢失</li>
            <li>课程、班级与社区，边学边练</li>
          </ul>
        </section>
        <section className="rc-auth-form">
          <h1>{title}</h1>
          {children}
        </section>
      </div>
    </div>
  );
}
