import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const NGINX = '/usr/sbin/nginx'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })

/**
 * A real reverse proxy in front of `backendPort`: nginx from Debian (`apt-get install
 * nginx`), one process with its files in a temp folder. With the backend stopped it
 * answers 502 Bad Gateway with its HTML page, as at a venue behind the office's proxy.
 */
export async function startReverseProxy(backendPort: number): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx`)
  const dir = await mkdtemp(join(tmpdir(), 'nginx-'))
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, sub))
  const port = await freePort()
  await writeFile(
    join(dir, 'nginx.conf'),
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    location / { proxy_pass http://127.0.0.1:${backendPort}; proxy_connect_timeout 2s; }
  }
}
`,
  )
  const child = spawn(NGINX, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  for (let i = 0; !(await accepts(port)); i++) {
    if (i > 50 || child.exitCode !== null) throw new Error('nginx did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGQUIT')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
