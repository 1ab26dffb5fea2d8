// Writes dist/login.html: index.html with the sign-in page rendered into #root (and its .br
// and .gz), from the server-side build of src/app/prerender-login.tsx.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const ssr = new URL('../dist-ssr/', import.meta.url);
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
console.log(`prerendered dist/login.html (${page.length} bytes)`);
