import fs from 'node:fs/promises';
import path from 'node:path';

const cdiFolders = ['/etc/cdi', '/var/run/cdi'];

/** Whether this machine exposes NVIDIA GPUs through CDI (`nvidia-ctk cdi generate` wrote a spec of kind nvidia.com/gpu). */
export async function hasNvidiaCdi(folders = cdiFolders): Promise<boolean> {
  for (const folder of folders) {
    const files = await fs.readdir(folder).catch(() => [] as string[]);
    for (const file of files.filter((name) => /\.(ya?ml|json)$/.test(name))) {
      const text = await fs.readFile(path.join(folder, file), 'utf8').catch(() => '');
      if (/kind["']?\s*:\s*["']?nvidia\.com\/gpu/.test(text)) return true;
    }
  }
  return false;
}

/** The CDI devices for the instance's cards (none in no-GPU mode or without CDI). */
export const gpuDevices = (cdi: boolean, gpuIndices: number[]) => (cdi ? gpuIndices.map((index) => `nvidia.com/gpu=${index}`) : []);
