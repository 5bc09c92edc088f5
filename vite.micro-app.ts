// Shared Vite config for the portal's own in-browser modules (@rc/*): one SystemJS file per
// module, every shared module and every other @rc module external, app CSS injected by the JS.
import react from '@vitejs/plugin-react';
import type { Plugin, Rollup, UserConfig } from 'vite';
import { appModule, isExternal, relativeEntry } from './tools/web-build/module-list.mjs';

function cssInjectedByJs(moduleName: string): Plugin {
  return {
    name: 'rc-css-injected-by-js',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const sheets = files.filter((f): f is Rollup.OutputAsset => f.type === 'asset' && f.fileName.endsWith('.css'));
      if (sheets.length === 0) return;
      const css = sheets.map((sheet) => String(sheet.source)).join('\n');
      for (const sheet of sheets) delete bundle[sheet.fileName];
      const entry = files.find((f): f is Rollup.OutputChunk => f.type === 'chunk' && f.isEntry);
      if (!entry) throw new Error(`${moduleName}: no entry chunk to carry its CSS`);
      entry.code =
        `(function(){var s=document.createElement("style");s.dataset.rcModule=${JSON.stringify(moduleName)};` +
        `s.textContent=${JSON.stringify(css)};document.head.appendChild(s)})();\n${entry.code}`;
    },
  };
}

/** Config for the @rc module whose workspace folder is `workspace` (e.g. 'mf-console'). */
export function microAppConfig(workspace: string): UserConfig {
  const module = appModule(workspace);
  return {
    mode: 'production',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react(), cssInjectedByJs(module.name)],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      lib: { entry: relativeEntry(module), formats: ['system'], fileName: () => `${module.fileStem}.js` },
      rollupOptions: { external: isExternal, output: { inlineDynamicImports: true } },
    },
  };
}
