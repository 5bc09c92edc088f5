import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { InstanceWebPort } from './instance-pages.js';

export const SubAccountInstancesBody = Type.Object({ subUserId: Id('子账号ID') });
export type SubAccountInstancesBody = Static<typeof SubAccountInstancesBody>;

/** An instance of a balance-sharing sub-account whose web pages its main account opens (JupyterLab, 自定义服务, 远程桌面). */
export const SubAccountInstance = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  regionName: Type.String(),
  deviceName: Type.String({ description: 'GPU 型号' }),
  gpuCount: Type.Integer(),
  noGpu: Type.Boolean({ description: '以无卡模式运行' }),
  webPorts: Type.Array(InstanceWebPort, { description: '实例的网页端口：JupyterLab、应用模板的端口与自定义服务' }),
  desktop: Type.Boolean({ description: '镜像带远程桌面' }),
  pagesReason: Type.String({ description: '网页暂不能打开的原因（如「开机后可用」），可打开时为空' }),
});
export type SubAccountInstance = Static<typeof SubAccountInstance>;

export const SubAccountInstances = Type.Object({
  shareBalance: Type.Boolean({ description: '子账号是否共享主账号余额：不共享时主账号看不到其实例，list 为空' }),
  list: Type.Array(SubAccountInstance, { description: '未释放的实例，新建的在前' }),
});
export type SubAccountInstances = Static<typeof SubAccountInstances>;
