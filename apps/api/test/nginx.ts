// nginx for the tests of the documented production front (docs/deploy/nginx): where the binary and
// its js module are, and one way to start it from a test's own config and prefix and wait until it
// answers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

export const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path));
export const NGINX_JS_MODULE = [
  '/usr/lib/nginx/modules/ngx_http_js_module.so',
  '/usr/local/lib/nginx/modules/ngx_http_js_module.so',
].find((path) => existsSync(path));
/** Whether nginx with the njs module can run here (Debian: nginx-light and libnginx-mod-http-js). */
export const nginxWithJsAvailable = NGINX !== undefined && NGINX_JS_MODULE !== undefined;

/**
 * Checks `<dir>/nginx.conf` with `nginx -t` (its message in the assertion), starts nginx in the
 * foreground with `dir` as its prefix, and resolves once `probeUrl` answers at all.
 */
export async function startNginx(dir: string, env: NodeJS.ProcessEnv, probeUrl: string): Promise<ChildProcess> {
  if (!NGINX) throw new Error('nginx is not installed');
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log stderr;`];
  const check = spawnSync(NGINX, ['-t', ...args], { env, encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  const nginx = spawn(NGINX, args, { env, stdio: 'ignore' });
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fetch(probeUrl);
      break;
    } catch {
      await new Promise((settle) => setTimeout(settle, 100));
    }
  }
  return nginx;
}
