// Writes dist/login.html: index.html with the sign-in page rendered into #root (and its .br
// and .gz), from the server-side build of src/app/prerender-login.tsx.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const out = process.env.WEB_OUT_DIR;
const dist = out ? pathToFileURL(`${out}/`) : new URL('../dist/', import.meta.url);
// The server-side build sits inside the package (it resolves react from node_modules), in a
// directory of its own per build so parallel builds do not collide.
const ssr = new URL(`../${process.env.SSR_DIR ?? 'dist-ssr'}/`, import.meta.url);
const { renderLogin } = await import(new URL('prerender-login.js', ssr).href);
const index = readFileSync(new URL('index.html', dist), 'utf8');
const marker = '<div id="root"></div>';
if (!index.includes(marker)) throw new Error('dist/index.html has no empty #root to fill');
const page = index.replace(marker, `<div id="root">${renderLogin()}</div>`);
const target = new URL('login.html', dist);
writeFileSync(target, page);
writeFileSync(`${target.pathname}.br`, brotliCompressSync(page));
writeFileSync(`${target.pathname}.gz`, gzipSync(page, { level: 9 }));
rmSync(ssr, { recursive: true, force: true });
console.log(`prerendered ${target.pathname} (${page.length} bytes)`);
