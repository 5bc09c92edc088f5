import { Button, Icon, type SemanticICONS } from 'semantic-ui-react';
import { navigate } from '../routing/location';
import { HomeAdvert } from './home-advert';
import { HomeClasses } from './home-classes';

const features: readonly { icon: SemanticICONS; title: string; text: string; to: string }[] = [
  { icon: 'microchip', title: '容器实例', text: '多地区 GPU 实例，按秒计费，包日包周包月更优惠。', to: '/account/instanceManage' },
  { icon: 'database', title: '网盘与文件存储', text: '数据在实例之间共享，关机不丢失，支持大文件分片上传。', to: '/account/netDisk' },
  { icon: 'clone outline', title: '镜像社区', text: '主流框架镜像开箱即用，也能发布和分享自己的镜像。', to: '/imageCommunity' },
  { icon: 'graduation cap', title: '课程与班级', text: '系统课程、班级学习与在线考试，学完即可上机实践。', to: '/resource' },
  { icon: 'comments outline', title: '博客与问答', text: '与开发者交流训练与部署经验，遇到问题随时提问。', to: '/blog' },
  { icon: 'cubes', title: '应用中心', text: '一键部署常用 AI 应用，省去环境配置。', to: '/account/appCenter' },
];

export function HomePage() {
  return (
    <div className="rc-home">
      <section className="rc-hero">
        <div className="rc-hero-inner">
          <h1>GPU 算力，随租随用</h1>
          <p>RTX 4090、A100、H800 等多种 GPU，开机即用的深度学习环境，按秒计费，关机即停。</p>
          <div className="rc-hero-actions">
            <Button size="large" color="orange" onClick={() => navigate('/account/suanli/create')}>
              立即租用
            </Button>
            <Button size="large" basic className="rc-hero-outline" onClick={() => navigate('/resource')}>
              学习课程
            </Button>
          </div>
        </div>
      </section>
      <section className="rc-home-features">
        {features.map((feature) => (
          <button type="button" key={feature.title} className="rc-feature" onClick={() => navigate(feature.to)}>
            <Icon name={feature.icon} size="big" />
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </button>
        ))}
      </section>
      <HomeClasses />
      <HomeAdvert />
    </div>
  );
}
