import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser bundle's zod parses without generated code (`new Function`): the pages' CSP has no
 * 'unsafe-eval' (ADR 015), and zod's probe for it, run as each object schema is made (at import,
 * before any app code could configure zod), would be refused and reported on every page. zod reads
 * this global as its core module loads. Server builds keep zod's generated parsers.
 */
function zodWithoutEvalInBrowsers(): Plugin {
  return {
    name: 'manga:zod-without-eval-in-browsers',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), zodWithoutEvalInBrowsers(), reactRouter()],
});
