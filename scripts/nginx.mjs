// Finds nginx for the test of deploy/nginx/backoffice.conf (apps/api/src/deployment/nginx.test.ts): NGINX_PATH, else
// Debian's package, installed with apt-get when missing (scripts/debian-tool.mjs). Only the binary is used: the test
// starts it with a configuration of its own, on ports of its own.
import { findDebianTool } from './debian-tool.mjs';

export function findNginx() {
  return findDebianTool({ label: 'nginx', pkg: 'nginx', paths: ['/usr/sbin/nginx'], envVar: 'NGINX_PATH' });
}
