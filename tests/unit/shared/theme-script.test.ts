// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_SCRIPT } from '../../../shared/theme';

// The <head> script decides the first paint's theme: the stored choice, else the system's.

function runWith(stored: string | null, isSystemDark: boolean) {
  localStorage.clear();
  if (stored) localStorage.setItem('theme', stored);
  document.documentElement.className = '';
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && isSystemDark,
  }));
  new Function(THEME_SCRIPT)();
  return document.documentElement.classList.contains('dark');
}

afterEach(() => vi.unstubAllGlobals());

describe('the theme script', () => {
  it('follows the system when nothing is stored', () => {
    expect(runWith(null, true)).toBe(true);
    expect(runWith(null, false)).toBe(false);
  });

  it('lets a stored choice override the system', () => {
    expect(runWith('light', true)).toBe(false);
    expect(runWith('dark', false)).toBe(true);
  });

  it('treats an unknown stored value as the system', () => {
    expect(runWith('purple', true)).toBe(true);
  });

  it('still runs where storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(runWith(null, true)).toBe(true);
    vi.restoreAllMocks();
  });
});
