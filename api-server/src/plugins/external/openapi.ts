import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { keyAccessOf, keyAccessText } from '../app/api-key-scopes.js';

const bearerText =
  '「API 密钥」页面创建的密钥（sl- 开头），以 `Authorization: Bearer <密钥>` 发送；按密钥的权限范围（只读、实例、存储、费用）放行，' +
  '每个密钥有自己的调用频率限制。账号、安全与密钥管理接口只接受登录会话的 token。';

/** `/apis/openapi.json`, generated from the route schemas. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: '算力云 API',
          version: '1.0.0',
          description: 'Every answer is { code, data, msg } with HTTP 200; only code 200 is success.',
        },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'header', name: 'token', description: '登录后得到的会话 token' },
            apiKey: { type: 'http', scheme: 'bearer', description: bearerText },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const transformed = { ...schema } as Record<string, unknown>;
        if (url.includes('/auth/')) {
          const access = keyAccessOf(String(route.method), url) ?? 'session';
          transformed.security = access === 'session' ? [{ token: [] }] : [{ token: [] }, { apiKey: [] }];
          transformed.description = [schema.description, keyAccessText(access)].filter(Boolean).join('\n\n');
        }
        return { schema: transformed as typeof schema, url, route };
      },
    });
    app.get('/apis/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
