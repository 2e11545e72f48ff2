import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildStale, listBuildInputs } from '../../../scripts/build-inputs.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the build inputs npm start checks', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  /** A project with one file in each kind of input, built at `builtAt` (seconds). */
  function createProject(builtAt: number) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    const files = ['client/src/main.tsx', 'server/index.ts', 'tailwind.config.ts', 'content/profile.json'];
    for (const file of [...files, 'dist/server.js', 'dist/public/index.html']) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), '');
    }
    const setTime = (file: string, seconds: number) =>
      fs.utimesSync(path.join(root!, file), seconds, seconds);
    for (const entry of ['client/src/main.tsx', 'client/src', 'client', 'server/index.ts', 'server'])
      setTime(entry, 1000);
    setTime('tailwind.config.ts', 1000);
    setTime('content/profile.json', 1000);
    setTime('dist/server.js', builtAt);
    setTime('dist/public/index.html', builtAt);
    return { root, dist: path.join(root, 'dist'), setTime };
  }

  it('covers every build config and source folder, and not the content read at run time', () => {
    const inputs = listBuildInputs(ROOT).map((input) => path.relative(ROOT, input));
    expect(inputs).toEqual(
      expect.arrayContaining([
        'client',
        'server',
        'shared',
        'scripts',
        'vite.config.ts',
        'tailwind.config.ts',
        'tsconfig.json',
        'package.json',
        'package-lock.json',
      ]),
    );
    expect(inputs).not.toContain('content');
    expect(inputs).not.toContain('migrations');
  });

  it('is up to date when every input is older than the build', () => {
    const project = createProject(2000);
    expect(isBuildStale(project.root, project.dist)).toBe(false);
  });

  it('builds again after tailwind.config.ts changes', () => {
    const project = createProject(2000);
    project.setTime('tailwind.config.ts', 3000);
    expect(isBuildStale(project.root, project.dist)).toBe(true);
  });

  it('builds again after a source file deep in a folder changes, not after content/ changes', () => {
    const project = createProject(2000);
    project.setTime('content/profile.json', 3000);
    expect(isBuildStale(project.root, project.dist)).toBe(false);
    project.setTime('client/src/main.tsx', 3000);
    expect(isBuildStale(project.root, project.dist)).toBe(true);
  });

  it('builds when an output is missing', () => {
    const project = createProject(2000);
    fs.rmSync(path.join(project.dist, 'public', 'index.html'));
    expect(isBuildStale(project.root, project.dist)).toBe(true);
  });
});
