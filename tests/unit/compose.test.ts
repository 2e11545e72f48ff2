import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// compose.yaml cannot be run here (no Docker Compose, no registry): its promises to the owner are
// read from the file. Each service's block is the lines under its two-space-indented name.

const ROOT = path.resolve(import.meta.dirname, '../..');
const COMPOSE = fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');

function serviceBlock(name: string): string {
  const lines = COMPOSE.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  if (start === -1) throw new Error(`compose.yaml has no service ${name}`);
  const end = lines.findIndex((line, index) => index > start && /^ {0,2}\S/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The drain the server allows itself at SIGTERM (server/index.ts), in seconds. */
function readServerGraceSeconds(): number {
  const source = fs.readFileSync(path.join(ROOT, 'server', 'index.ts'), 'utf8');
  const ms = /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(source)?.[1];
  if (!ms) throw new Error('server/index.ts no longer names SHUTDOWN_GRACE_MS');
  return Number(ms.replaceAll('_', '')) / 1000;
}

describe('compose.yaml', () => {
  const site = serviceBlock('site');

  it('gives the site longer to stop than the server takes to drain', () => {
    const grace = /^ {4}stop_grace_period: (\d+)s$/m.exec(site)?.[1];
    expect(grace, 'site has no stop_grace_period in seconds').toBeDefined();
    expect(Number(grace)).toBeGreaterThanOrEqual(readServerGraceSeconds() + 5);
  });

  it('limits the memory of each instance', () => {
    expect(site).toMatch(/^ {6}resources:\n {8}limits:\n {10}memory: \d+[MG]$/m);
  });

  it('has no default database password: compose refuses to start without one', () => {
    const uses = [...COMPOSE.matchAll(/\$\{POSTGRES_PASSWORD([^}]*)\}/g)].map((match) => match[1]!);
    expect(uses.length).toBeGreaterThanOrEqual(2);
    for (const use of uses) expect(use).toMatch(/^:\?\S/);
  });

  it('trusts one proxy, and only the proxy is published', () => {
    expect(site).toMatch(/^ {6}TRUST_PROXY: '1'$/m);
    expect(site).not.toMatch(/^ {4}ports:/m);
    expect(serviceBlock('proxy')).toMatch(/^ {4}ports:/m);
  });
});
