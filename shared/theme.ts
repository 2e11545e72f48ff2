// The visitor's colour theme: "system" follows the device's setting; "light" and "dark" override
// it. Kept in local storage; the html element carries the `dark` class while the dark theme shows.
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = 'theme';
export const DARK_CLASS = 'dark';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Runs inline in the page's <head>, before anything paints: sets the theme the visitor chose (or
 * the system's) so a dark page never flashes light while the app's scripts load. Constant, so the
 * Content-Security-Policy allows exactly this script by its hash.
 */
export const THEME_SCRIPT = [
  '(()=>{let t=null;',
  `try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch{}`,
  `const d=t==="dark"||(t!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);`,
  `document.documentElement.classList.toggle(${JSON.stringify(DARK_CLASS)},d)`,
  '})()',
].join('');
