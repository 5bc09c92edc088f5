export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, data, msg };
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
