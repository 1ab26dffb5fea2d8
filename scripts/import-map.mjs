#!/usr/bin/env node
// The server's import picture: loops between its folders (modules, plugins, jobs…) and circles
// between its files, type-only imports included. `node scripts/import-map.mjs` prints both and
// exits 1 when there is any; `--edges` also lists which files make each folder-to-folder import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../packages/server/src');
const showEdges = process.argv.includes('--edges');

const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });

const files = filesUnder(root);
const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const importsOf = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(importPattern)]
      .map((match) => resolve(dirname(file), match[1]))
      .filter((target) => files.includes(target));
    return [file, targets];
  }),
);

/** The folder a file belongs to: `modules/<name>` (with sub-folders joined) or its top folder (a file at the top stands alone). */
const folderOf = (file) => {
  const parts = relative(root, file).split('/');
  if (parts[0] === 'modules') return parts.slice(0, -1).join('/');
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
};

/** Tarjan's strongly connected components of a graph given as Map<node, Set<node>>. */
const loopsOf = (graph) => {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const loops = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const loop = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        loop.push(member);
      } while (member !== node);
      if (loop.length > 1) loops.push(loop.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return loops;
};

const fileGraph = new Map(files.map((file) => [file, new Set(importsOf.get(file))]));
const folderGraph = new Map();
const edgeFiles = new Map();
for (const [file, targets] of importsOf) {
  for (const target of targets) {
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to) continue;
    if (!folderGraph.has(from)) folderGraph.set(from, new Set());
    folderGraph.get(from).add(to);
    const key = `${from} -> ${to}`;
    if (!edgeFiles.has(key)) edgeFiles.set(key, []);
    edgeFiles.get(key).push(`${relative(root, file)} -> ${relative(root, target)}`);
  }
}

const folderLoops = loopsOf(folderGraph);
const fileCircles = loopsOf(fileGraph).map((loop) => loop.map((file) => relative(root, file)));

console.log(`${files.length} files in ${new Set(files.map(folderOf)).size} folders`);
console.log(`Folder loops: ${folderLoops.length}`);
for (const loop of folderLoops) {
  console.log(`  {${loop.join(', ')}}, by these imports:`);
  for (const [key, list] of edgeFiles) {
    const [from, to] = key.split(' -> ');
    if (!loop.includes(from) || !loop.includes(to)) continue;
    console.log(`    ${key} (${list.length})`);
    if (showEdges) for (const edge of list) console.log(`      ${edge}`);
  }
}
console.log(`File circles: ${fileCircles.length}`);
for (const circle of fileCircles) console.log(`  {${circle.join(', ')}}`);
process.exitCode = folderLoops.length + fileCircles.length > 0 ? 1 : 0;
