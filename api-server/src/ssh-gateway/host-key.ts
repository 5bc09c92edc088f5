import fs from 'node:fs/promises';
import path from 'node:path';
import ssh2 from 'ssh2';

/**
 * The gateway's ed25519 host key under DATA_DIR/ssh, made on first start and kept (mode 600) so that
 * clients' known_hosts stay valid across restarts.
 */
export async function loadHostKey(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'ssh');
  const file = path.join(dir, 'ssh_host_ed25519_key');
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const { private: privateKey } = ssh2.utils.generateKeyPairSync('ed25519');
  // wx: two servers starting at once on one folder keep the first key.
  await fs.writeFile(file, privateKey, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return fs.readFile(file, 'utf8');
}
