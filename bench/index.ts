// `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own figures.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<void> };
  await module.default();
}
