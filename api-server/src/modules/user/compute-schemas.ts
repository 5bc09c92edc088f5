import { Type } from 'typebox';
import { Id } from '@rc/api-contract/common';

export const InstanceId = Id('实例ID');
export const GpuCount = Type.Integer({ title: 'GPU数量', minimum: 1, maximum: 8 });
export const BillingType = Type.Integer({ title: '计费方式', minimum: 1, maximum: 4 });
export const Duration = Type.Integer({ title: '购买时长', minimum: 1, maximum: 12 });
export const DataDiskExtraGb = Type.Integer({ title: '数据盘扩容(GB)', minimum: 0, maximum: 2000 });
export const InstanceName = Type.String({ title: '实例名称', minLength: 1, maxLength: 40 });
export const RegionCode = Type.String({ title: '地区编码', minLength: 1, maxLength: 32, pattern: '^[a-z0-9-]+$' });
export const ByInstance = Type.Object({ id: InstanceId });
