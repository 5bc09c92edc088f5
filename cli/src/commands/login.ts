import type { UserInfo } from '@rc/api-contract/user/profile';
import { ApiClient, serverOrigin } from '../api-client.js';
import { CliError, usageError } from '../cli-error.js';
import type { Command } from '../command.js';
import { saveCredentials } from '../config-file.js';

/** An API key as the 「API 密钥」 page shows it once: `sl-` and 43 base64url characters. */
const keyPattern = /^sl-[A-Za-z0-9_-]{43}$/;

/**
 * The key's account; null when the key is good but its scopes do not reach the account's view (403): the server
 * checks the key itself (401 when it is unknown, expired or revoked) before its scopes.
 */
async function accountOf(api: ApiClient): Promise<UserInfo | null> {
  try {
    return await api.post<UserInfo>('/user/auth/user/ext/view');
  } catch (error) {
    if (error instanceof CliError && error.serverCode === 403) return null;
    throw error;
  }
}

export const defaultServer = 'http://localhost:8080';

export const login: Command = {
  help: `用法：suanli login --key <API密钥> [--server <地址>]

用 API 密钥登录：先向服务器验证密钥，通过后把密钥和服务器地址保存到配置文件
（$SUANLI_CONFIG，默认 ~/.config/suanli/config.json，权限 0600）。
密钥在网页「API 密钥」页面创建，只显示一次。

选项：
  --key <密钥>      API 密钥（sl- 开头）
  --server <地址>   服务器地址，默认 ${defaultServer}
  --json            以 JSON 输出
  -h, --help        显示帮助`,
  options: { key: { type: 'string' }, server: { type: 'string' } },
  async run({ values }) {
    const key = values.key;
    if (typeof key !== 'string') throw usageError('缺少 --key <API密钥>');
    if (!keyPattern.test(key)) throw usageError('API 密钥格式不正确：应为 sl- 开头的 46 个字符，请从「API 密钥」页面复制完整的密钥');
    const credentials = { server: serverOrigin(typeof values.server === 'string' ? values.server : defaultServer), key };
    const user = await accountOf(new ApiClient(credentials));
    const file = saveCredentials(credentials);
    return {
      json: { server: credentials.server, configFile: file, user: user && { id: user.id, nickname: user.nickname, mobile: user.mobile } },
      text: [
        user
          ? `已登录：${user.nickname}（${user.mobile}），服务器 ${credentials.server}`
          : `已登录服务器 ${credentials.server}（此密钥没有「只读」权限，不显示账号信息）`,
        `密钥已保存到 ${file}`,
      ].join('\n'),
    };
  },
};
