// What `npm run build` reads and writes, so that `npm start` knows when the build is out of date.
// content/ is not an input (the server reads it at start), nor is migrations/ (read at start too).
import fs from 'node:fs';
import path from 'node:path';

/** Folders the build compiles or runs: the app's sources and the build scripts. */
const INPUT_FOLDERS = ['client', 'server', 'shared', 'scripts'];
/**
 * Files at the project's root the build reads: every tool's config (vite, tailwind, ...), the
 * TypeScript settings, and the package lists. A pattern rather than a list, so a new config is
 * covered without anyone remembering to add it here.
 */
const ROOT_INPUT = /^(package(-lock)?\.json|tsconfig(\..+)?\.json|.+\.config\.(ts|mts|cts|js|mjs|cjs))$/;

/** Every build input under `root`, as paths. */
export function listBuildInputs(root) {
  const rootFiles = fs.readdirSync(root).filter((name) => ROOT_INPUT.test(name));
  return [...INPUT_FOLDERS, ...rootFiles.sort()].map((name) => path.join(root, name));
}

/** The files every complete build writes last in its folder; missing means not built. */
export function listBuildOutputs(distDir) {
  return ['server.js', path.join('public', 'index.html')].map((name) => path.join(distDir, name));
}

/** The newest modification time in a file or folder (0 when it does not exist). */
export function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when a build output is missing or older than some input. */
export function isBuildStale(root, distDir) {
  const outputs = listBuildOutputs(distDir);
  if (!outputs.every((file) => fs.existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  return Math.max(...listBuildInputs(root).map(newestMtime)) > builtAt;
}
