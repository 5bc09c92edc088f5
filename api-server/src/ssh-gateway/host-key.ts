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
  const privateKey = readableEd25519Key();
  // Written aside and linked into place, so a reader sees no key or a whole one; of two servers starting at once on
  // one folder, the first link wins and both use its key.
  const draft = `${file}.${process.pid}.${Date.now()}`;
  await fs.writeFile(draft, privateKey, { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  return fs.readFile(file, 'utf8');
}

/** ssh2 writes about one ed25519 key in 200 that its own parser then refuses ("Malformed OpenSSH private key"). */
function readableEd25519Key(): string {
  for (;;) {
    const { private: privateKey } = ssh2.utils.generateKeyPairSync('ed25519');
    if (!(ssh2.utils.parseKey(privateKey) instanceof Error)) return privateKey;
  }
}
