import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

interface FieldSchema {
  title?: string;
  description?: string;
  properties?: Record<string, FieldSchema>;
}

const contextNames: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

function fieldLabel(error: FastifySchemaValidationError): string {
  const parent = (error as { parentSchema?: FieldSchema }).parentSchema;
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  if (missing) return parent?.properties?.[missing]?.title ?? missing;
  return parent?.title ?? (error.instancePath.split('/').filter(Boolean).join('.') || '');
}

/** A Chinese sentence naming the first invalid field; schemas carry the field names as `title`. */
export function describeValidationError(errors: FastifySchemaValidationError[], context: string): string {
  const error = errors[0];
  if (!error) return '请求参数不正确';
  const label = fieldLabel(error);
  if (!label) return `${contextNames[context] ?? '请求参数'}格式不正确`;
  const params = error.params as { limit?: number };
  const hint = (error as { parentSchema?: FieldSchema }).parentSchema?.description;
  switch (error.keyword) {
    case 'required':
      return `${label}不能为空`;
    case 'maxLength':
      return `${label}长度不能超过${params.limit}个字符`;
    case 'minLength':
      return params.limit === 1 ? `${label}不能为空` : `${label}长度不能少于${params.limit}个字符`;
    case 'minimum':
      return `${label}不能小于${params.limit}`;
    case 'maximum':
      return `${label}不能大于${params.limit}`;
    case 'maxItems':
      return `${label}最多${params.limit}项`;
    case 'minItems':
      return `${label}至少${params.limit}项`;
    case 'pattern':
    case 'format':
      return hint ? `${label}格式不正确，${hint}` : `${label}格式不正确`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `${label}取值不正确`;
    default:
      return `${label}格式不正确`;
  }
}
