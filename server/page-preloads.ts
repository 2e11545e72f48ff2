import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Pages the app loads lazily, by path, with their module in the build manifest. */
const LAZY_PAGES: Record<string, string> = { '/voice': 'src/pages/voice-page.tsx' };

/**
 * The chunks a lazily loaded page needs beyond the entry's, from Vite's manifest
 * (dist/public/.vite/manifest.json): preloaded with the page's HTML, they load in parallel with
 * the entry instead of after it.
 */
export function readPagePreloads(publicDir: string): (pathname: string) => string[] {
  const file = path.join(publicDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  return (pathname) => {
    const page = LAZY_PAGES[pathname];
    if (!page || !manifest[page]) return [];
    return [...closure([page])].filter((key) => !entry.has(key)).map((key) => `/${manifest[key]!.file}`);
  };
}
