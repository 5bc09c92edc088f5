// Shared Vite config for the portal's own in-browser modules (@rc/*): a SystemJS entry per module with
// its lazy chunks beside it (named after the module, hashed), every shared module and every other @rc
// module external. Each chunk adds its own CSS to the page when it runs (Vite does so for SystemJS
// output when CSS is split by chunk), so a screen's styles arrive with the screen.
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { appModule, isExternal, relativeEntry } from './tools/web-build/module-list.mjs';

/** Config for the @rc module whose workspace folder is `workspace` (e.g. 'mf-console'). */
export function microAppConfig(workspace: string): UserConfig {
  const module = appModule(workspace);
  return {
    mode: 'production',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      cssCodeSplit: true,
      lib: { entry: relativeEntry(module), formats: ['system'], fileName: () => `${module.fileStem}.js` },
      rollupOptions: { external: isExternal, output: { chunkFileNames: `${module.fileStem}.[name].[hash].js` } },
    },
  };
}
