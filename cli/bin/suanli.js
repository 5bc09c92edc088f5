#!/usr/bin/env node
// The file npm links as `suanli` (it exists before the build, so `npm install` always links it); the command itself
// is TypeScript built into ../dist by `npm run build -w cli`.
try {
  await import('../dist/suanli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/suanli.js')) throw error;
  process.stderr.write('suanli 尚未构建：请在仓库根目录运行 npm run build -w cli\n');
  process.exitCode = 2;
}
