import { useCallback } from 'react';
import { DARK_CLASS, DARK_QUERY, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '@shared/theme';
import { readStoredValue, storeValue } from './local-storage';
import { useBrowserState } from './use-browser-state';

// The page's <head> script (shared/theme.ts) applies the stored theme before the first paint;
// from then on this module keeps the html element's class in step with the visitor's choice and,
// on "system", with the device's setting.

export function readThemeChoice(): ThemeChoice {
  const stored = readStoredValue(THEME_STORAGE_KEY);
  return THEME_CHOICES.find((choice) => choice === stored) ?? 'system';
}

export function applyThemeChoice(choice: ThemeChoice): void {
  const isDark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle(DARK_CLASS, isDark);
}

/** Follows the device's setting while the visitor's choice is "system"; call once at start. */
export function followSystemTheme(): void {
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (readThemeChoice() === 'system') applyThemeChoice('system');
  });
  // Another tab changed the choice: this one follows.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyThemeChoice(readThemeChoice());
  });
}

/** The visitor's theme choice, and a setter that remembers and applies it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setState] = useBrowserState<ThemeChoice>(readThemeChoice, 'system');
  const setChoice = useCallback(
    (next: ThemeChoice) => {
      storeValue(THEME_STORAGE_KEY, next === 'system' ? null : next);
      applyThemeChoice(next);
      setState(next);
    },
    [setState],
  );
  return [choice, setChoice];
}
