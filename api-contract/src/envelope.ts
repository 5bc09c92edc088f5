import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every answer under /apis: HTTP 200 with `{ code, data, msg }`; only `code 200` is success. A refusal carries
 * `data: null`, so the schema of every route's answer allows it.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer({
      description: '200 成功；304 已在别处登录；401 未登录；403/404；409 业务规则；422 参数错误；429 过于频繁；500 内部错误',
    }),
    data: Type.Union([data, Type.Null()]),
    msg: Type.String(),
  });

export interface EnvelopeOf<T> {
  code: number;
  data: T;
  msg: string;
}

/** One page of a list. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    pageNum: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });

export interface PageOf<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export type { Static };
