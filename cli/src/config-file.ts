import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, exitCodes } from './cli-error.js';

/** What `login` keeps: the API key and the server it belongs to. */
export interface Credentials {
  server: string;
  key: string;
}

/** `$SUANLI_CONFIG`, else `~/.config/suanli/config.json`. */
export function configPath(): string {
  return process.env.SUANLI_CONFIG || path.join(os.homedir(), '.config', 'suanli', 'config.json');
}

/** Written readable by the owner only (0600), also when the file existed with looser rights: it holds a secret. */
export function saveCredentials(credentials: Credentials): string {
  const file = configPath();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const next = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(next, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(next, 0o600);
  fs.renameSync(next, file);
  return file;
}

export function loadCredentials(): Credentials {
  const file = configPath();
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new CliError(exitCodes.auth, '尚未登录：请先运行 suanli login --key <API密钥>');
  }
  const saved = parsed(text);
  if (typeof saved?.server !== 'string' || typeof saved.key !== 'string') {
    throw new CliError(exitCodes.auth, `配置文件 ${file} 已损坏：请重新运行 suanli login --key <API密钥>`);
  }
  return { server: saved.server, key: saved.key };
}

function parsed(text: string): Partial<Credentials> | null {
  try {
    return JSON.parse(text) as Partial<Credentials> | null;
  } catch {
    return null;
  }
}
