import type { Plugin } from 'vite';

/**
 * `dist/.vite/modules.json`: the size of every module in every chunk (before minification), so `npm run budget` can
 * tell what each package costs of the JavaScript loaded up front.
 */
export function moduleSizes(): Plugin {
  return {
    name: 'portal:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}
